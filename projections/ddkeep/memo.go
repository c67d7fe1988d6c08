package ddkeep

import (
	"container/list"
	"errors"
	"sync"
)

// memo is a bounded cache of answers that cost something to compute: at
// most max entries, the least recently used dropped first. Two callers
// asking for the same key at once compute it once: the second waits for
// the first's answer.
type memo[K comparable, V any] struct {
	mu    sync.Mutex
	max   int
	items map[K]*list.Element
	order list.List // of *memoEntry, the most recently used first
}

type memoEntry[K comparable, V any] struct {
	key  K
	done chan struct{}
	val  V
	err  error
}

func newMemo[K comparable, V any](max int) *memo[K, V] {
	return &memo[K, V]{max: max, items: map[K]*list.Element{}}
}

// get returns the answer for key, computing it with f if it is not kept.
func (m *memo[K, V]) get(key K, f func() (V, error)) (V, error) {
	m.mu.Lock()
	if el, ok := m.items[key]; ok {
		m.order.MoveToFront(el)
		e := el.Value.(*memoEntry[K, V])
		m.mu.Unlock()
		<-e.done
		return e.val, e.err
	}
	e := &memoEntry[K, V]{key: key, done: make(chan struct{})}
	m.items[key] = m.order.PushFront(e)
	for m.order.Len() > m.max {
		last := m.order.Back()
		m.order.Remove(last)
		delete(m.items, last.Value.(*memoEntry[K, V]).key)
	}
	m.mu.Unlock()
	ok := false
	defer func() {
		if !ok { // f panicked: keep nothing, and let the waiters go with an error
			e.err = errPanicked
			m.drop(key, e)
		}
		close(e.done)
	}()
	e.val, e.err = f()
	ok = true
	return e.val, e.err
}

// errPanicked is what a caller waiting on an answer gets when computing it
// panicked in another goroutine.
var errPanicked = errors.New("ddkeep: the analysis failed")

// ready returns the answer for key if it is kept and computed; ok is false
// while it is being computed, or when it is not kept.
func (m *memo[K, V]) ready(key K) (v V, err error, ok bool) {
	m.mu.Lock()
	el, kept := m.items[key]
	m.mu.Unlock()
	if !kept {
		return v, nil, false
	}
	e := el.Value.(*memoEntry[K, V])
	select {
	case <-e.done:
		return e.val, e.err, true
	default:
		return v, nil, false
	}
}

// drop removes key if it still holds e.
func (m *memo[K, V]) drop(key K, e *memoEntry[K, V]) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if el, ok := m.items[key]; ok && el.Value.(*memoEntry[K, V]) == e {
		m.order.Remove(el)
		delete(m.items, key)
	}
}

// len is how many answers are kept.
func (m *memo[K, V]) len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.order.Len()
}

// reset drops every answer kept.
func (m *memo[K, V]) reset() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.items = map[K]*list.Element{}
	m.order.Init()
}
