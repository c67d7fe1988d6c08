package exporttest

import (
	"os"
	"os/exec"
)

// FindChromium returns the path of a Chromium for the browser tests:
// $HOYLE_CHROMIUM if set, else the first of chromium, chromium-browser,
// google-chrome on the PATH; "" when there is none (.ci/run installs
// Debian's chromium).
func FindChromium() string {
	if p := os.Getenv("HOYLE_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}
