package site

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestViewerKeepsWhatASlowPageMissed: two updates told to a stream that
// has not written the first yet reach it together, none lost.
func TestViewerKeepsWhatASlowPageMissed(t *testing.T) {
	v := &viewer{pending: map[string]bool{}, ready: make(chan struct{}, 1)}
	v.tell([]string{"e/board-1.html", "e/index.html"})
	v.tell([]string{"e/board-2.html", "e/index.html"})
	<-v.ready
	assert.Equal(t, []string{"e/board-1.html", "e/board-2.html", "e/index.html"}, v.take())
	select {
	case <-v.ready:
		t.Fatal("told once for both")
	default:
	}
	assert.Empty(t, v.take())
}
