package java

import (
	"strings"

	"github.com/babelqueue/bqgen/backend"
)

// suitePlace is where the suite is vendored and how ConformanceFixtures
// reaches it: from the class path, where Maven and verify put the files of
// TestResourceRoot, or from the source tree when the resources are not on
// the class path.
type suitePlace struct {
	dir string // the vendored suite's directory, relative to out
	// ResourceRoot is the class path prefix of the suite's files, and
	// SourceRoot the arguments of Path.of naming dir: both Java code.
	ResourceRoot, SourceRoot string
	// ResourceDoc and SourceDoc name the two places in a comment.
	ResourceDoc, SourceDoc string
}

// suitePlaceOf is the place opt vendors the suite in (SuiteDir by
// default). Only TestResourceRoot is on the tests' class path, so a vendor
// directory elsewhere is an option the backend cannot honour.
func suitePlaceOf(opt backend.Options) (suitePlace, error) {
	dir := opt.SuiteDirOr(SuiteDir)
	resource, ok := strings.CutPrefix(dir, TestResourceRoot+"/")
	if !ok {
		return suitePlace{}, backend.OptionErrorf("java: vendor %q: the Java tests read the suite from the class path, "+
			"where only %s/ is copied: name a directory below it, e.g. %s/bqgen-conformance", dir, TestResourceRoot, TestResourceRoot)
	}
	parts := strings.Split(dir, "/")
	args := make([]string, len(parts))
	for i, p := range parts {
		args[i] = javaString(p)
	}
	return suitePlace{
		dir:          dir,
		ResourceRoot: javaString("/" + resource + "/"),
		SourceRoot:   strings.Join(args, ", "),
		ResourceDoc:  commentText("/" + resource + "/..."),
		SourceDoc:    commentText(dir + "/"),
	}, nil
}
