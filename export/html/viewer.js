// hoyle's hand viewer. Every state it shows was made by hoyle from the fold
// of the hand at that moment, and is read from the JSON in the page; this
// script only shows it. User text is only ever set as text (textContent),
// never as markup.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('hoyle-moments').textContent);
  var states = data.states;
  var byName = {};
  states.forEach(function (s, i) {
    s.names.forEach(function (n) { byName[n] = i; });
  });
  var SUITS = { '♠': 'spades', '♥': 'hearts', '♦': 'diamonds', '♣': 'clubs' };
  var CLASS = { '♠': 'suit-s', '♥': 'suit-h', '♦': 'suit-d', '♣': 'suit-c' };
  var SYMBOL = { S: '♠', H: '♥', D: '♦', C: '♣' };
  var RANK = { T: '10' };
  var RANKNAME = { A: 'ace', K: 'king', Q: 'queen', J: 'jack', T: '10' };
  var $ = function (id) { return document.getElementById(id); };
  var at = 0;

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined) { e.textContent = text; }
    return e;
  }
  // suitSymbol is a suit's symbol, coloured, and named for a screen reader.
  function suitSymbol(ch) {
    var s = el('span', CLASS[ch], ch);
    s.setAttribute('role', 'img');
    s.setAttribute('aria-label', SUITS[ch]);
    return s;
  }
  // suited appends text to parent, each suit symbol in it marked.
  function suited(parent, text) {
    var buf = '';
    Array.from(text).forEach(function (ch) {
      if (SUITS[ch]) {
        if (buf) { parent.appendChild(document.createTextNode(buf)); buf = ''; }
        parent.appendChild(suitSymbol(ch));
      } else {
        buf += ch;
      }
    });
    if (buf) { parent.appendChild(document.createTextNode(buf)); }
    return parent;
  }
  function clear(e) { while (e.firstChild) { e.removeChild(e.firstChild); } return e; }
  function cardName(code) {
    if (code === 'JK') { return 'the Joker'; }
    return (RANKNAME[code[1]] || code[1]) + ' of ' + SUITS[SYMBOL[code[0]]];
  }

  function drawHand(box, hand) {
    var out = clear(box.querySelector('.vcards'));
    if (!hand.known) { out.appendChild(el('div', 'unknown', '(not recorded)')); return; }
    var cards = hand.held.map(function (c) { return [c, false]; })
      .concat((hand.played || []).map(function (c) { return [c, true]; }));
    if (cards.some(function (c) { return c[0] === 'JK'; })) {
      var j = el('div', 'row');
      cards.filter(function (c) { return c[0] === 'JK'; }).forEach(function (c) {
        var s = el('span', c[1] ? 'played' : '', 'Joker');
        s.setAttribute('data-card', 'JK');
        j.appendChild(s);
      });
      out.appendChild(j);
    }
    ['S', 'H', 'D', 'C'].forEach(function (suit) {
      var row = el('div', 'row');
      row.appendChild(suitSymbol(SYMBOL[suit]));
      row.appendChild(document.createTextNode(' '));
      var these = cards.filter(function (c) { return c[0][0] === suit && c[0] !== 'JK'; });
      these.sort(function (a, b) { return '23456789TJQKA'.indexOf(b[0][1]) - '23456789TJQKA'.indexOf(a[0][1]); });
      if (these.every(function (c) { return c[1]; })) {
        var v = el('span', 'void', '—');
        v.setAttribute('aria-label', 'none');
        row.appendChild(v);
      }
      these.forEach(function (c) {
        var s = el('span', c[1] ? 'played' : '', RANK[c[0][1]] || c[0][1]);
        s.setAttribute('data-card', c[0]);
        s.setAttribute('aria-label', cardName(c[0]) + (c[1] ? ', played' : ''));
        row.appendChild(s);
      });
      out.appendChild(row);
    });
  }

  function drawAuction(a) {
    var box = clear($('v-auction'));
    if (a.seats && a.seats.length) {
      var t = el('table');
      var head = el('tr');
      a.seats.forEach(function (s) { head.appendChild(el('th', '', s)); });
      t.appendChild(head);
      a.rows.forEach(function (r) {
        var tr = el('tr');
        r.forEach(function (c) { tr.appendChild(suited(el('td'), c)); });
        t.appendChild(tr);
      });
      box.appendChild(t);
    }
    if (a.contract) { box.appendChild(suited(el('p'), a.contract)); }
  }

  function drawTrick(t) {
    var box = clear($('v-trick'));
    box.setAttribute('data-trick', t ? String(t.n) : '0');
    if (!t) { return; }
    box.appendChild(el('div', 'tn', 'Trick ' + t.n));
    t.cards.forEach(function (c) {
      var d = el('div', 'tc' + (c.seat === t.winner ? ' won' : ''));
      d.setAttribute('data-by', String(c.seat));
      d.setAttribute('data-trick-card', c.card);
      d.appendChild(document.createTextNode(data.seats[c.seat].short + ' '));
      suited(d, c.text);
      box.appendChild(d);
    });
  }

  function drawList(id, items, now) {
    var ul = clear($(id));
    (items || []).forEach(function (n) {
      var li = el('li', n.at === now ? 'now' : '');
      if (n.at !== undefined) { li.appendChild(document.createTextNode(n.at + ': ')); }
      suited(li, n.text === undefined ? n : n.text);
      ul.appendChild(li);
    });
  }

  function show(i, fromAddress) {
    at = Math.max(0, Math.min(states.length - 1, i));
    var s = states[at];
    $('v-where').textContent = s.m + ' · step ' + (at + 1) + ' of ' + states.length;
    suited(clear($('v-step')), s.step);
    document.querySelectorAll('[data-seat]').forEach(function (box) {
      var seat = Number(box.getAttribute('data-seat'));
      drawHand(box, s.hands[seat]);
      box.classList.toggle('turn', s.turn === seat);
    });
    drawTrick(s.trick);
    drawAuction(s.auction);
    $('v-tricks').textContent = s.tricks ? 'Tricks: ' + s.tricks + (s.claim ? '. ' + s.claim : '') : '';
    suited(clear($('v-dd')), s.dd || '');
    suited(clear($('v-pos')), s.pos || '');
    drawList('v-notes', s.notes, s.m);
    drawList('v-irr', s.irr, s.m);
    drawList('v-restrict', s.restrict, null);
    $('v-score').textContent = s.score;
    document.querySelector('[data-go="prev"]').disabled = at === 0;
    document.querySelector('[data-go="first"]').disabled = at === 0;
    document.querySelector('[data-go="prevtrick"]').disabled = at === 0;
    document.querySelector('[data-go="next"]').disabled = at === states.length - 1;
    document.querySelector('[data-go="last"]').disabled = at === states.length - 1;
    document.querySelector('[data-go="nexttrick"]').disabled = at === states.length - 1;
    document.body.setAttribute('data-moment', s.m);
    if (!fromAddress && history.replaceState) {
      try { history.replaceState(null, '', '#' + s.m); } catch (e) { /* a page that may not name itself */ }
    }
  }

  function landmark(from, step) {
    for (var i = from + step; i >= 0 && i < states.length; i += step) {
      if (states[i].lm) { return i; }
    }
    return step > 0 ? states.length - 1 : 0;
  }

  var moves = {
    next: function () { return at + 1; },
    prev: function () { return at - 1; },
    nexttrick: function () { return landmark(at, 1); },
    prevtrick: function () { return landmark(at, -1); },
    first: function () { return 0; },
    last: function () { return states.length - 1; }
  };
  var keys = { ArrowRight: 'next', ArrowLeft: 'prev', ArrowDown: 'nexttrick', ArrowUp: 'prevtrick', Home: 'first', End: 'last' };

  // fromAddress finds the moment the address names: a moment of the
  // hand by any of its names, or @N between two steps (a note) as the
  // step before it.
  function fromAddress() {
    var name = decodeURIComponent(location.hash.replace(/^#/, '')).trim().toLowerCase();
    $('v-message').textContent = '';
    if (name === '') { return data.open && byName[data.open] !== undefined ? byName[data.open] : 0; }
    if (byName[name] !== undefined) { return byName[name]; }
    var m = /^@(\d+)$/.exec(name);
    if (m && Number(m[1]) >= states[0].v) {
      var n = Number(m[1]);
      var best = 0;
      states.forEach(function (s, i) { if (s.v <= n) { best = i; } });
      return best;
    }
    $('v-message').textContent = 'No moment ' + name + ' in hand ' + data.hand + ': shown from the deal.';
    return 0;
  }

  document.querySelectorAll('[data-go]').forEach(function (b) {
    b.addEventListener('click', function () { show(moves[b.getAttribute('data-go')]()); });
  });
  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) { return; }
    var go = keys[e.key];
    if (!go) { return; }
    e.preventDefault();
    show(moves[go]());
  });
  window.addEventListener('hashchange', function () { show(fromAddress(), true); });
  $('viewer').hidden = false;
  var w = $('writeup');
  var h = el('h2', 'wtitle', 'The write-up');
  w.insertBefore(h, w.firstChild);
  show(fromAddress(), false);
}());
