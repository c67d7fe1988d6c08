package prompt

import "errors"

// ErrUnclosedQuote: a line at the prompt opens a quote and does not close
// it, so its words cannot be told apart.
var ErrUnclosedQuote = errors.New("a quote is not closed")
