package markdown

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

// toHTML renders Markdown as GitHub does (CommonMark with tables,
// strikethrough, autolinks), with raw HTML left out as GitHub's sanitiser
// would.
func toHTML(t *testing.T, md []byte) string {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, goldmark.New(goldmark.WithExtensions(extension.GFM)).Convert(md, &b))
	return b.String()
}
