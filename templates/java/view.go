package java

import (
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/templates/textkit"
)

// DefaultPackage is the Java package of the generated tests when
// backend.Options.Package is empty: the SDK's own, because the transport
// projections are package-private, so subjects and tests must be able to
// live next to them.
const DefaultPackage = "com.babelqueue"

// Where the output goes, relative to the SDK checkout (Maven layout).
const (
	testSourceRoot = "src/test/java"
	// SuiteDir is where the suite is vendored; the tests read it from the
	// class path as /conformance/... (see ConformanceFixtures.java).
	SuiteDir = "src/test/resources/conformance"
)

// unversioned stands in for the CONFORMANCE_VERSION of a suite without one.
const unversioned = "unversioned"

// common is what every generated Java file needs: its package and header.
type common struct {
	Package        string // validated Java package name
	Version        string // CONFORMANCE_VERSION, escaped for a comment
	VersionLiteral string // CONFORMANCE_VERSION as a Java string literal
	Oracle         bool   // bound to the oracle rather than the SDK
}

// output is one file to render (see textkit.Output).
type output = textkit.Output

// view is everything the templates render, computed once from the suite.
type view struct {
	Outputs []output
}

// supportFiles are the generated files every output carries, whatever
// blocks the suite has: the subject interface and the JSON support.
var supportFiles = []string{
	"ConformanceAssertions.java",
	"ConformanceFixtures.java",
	"ConformanceJson.java",
	"ConformanceJsonParser.java",
	"ConformanceJsonWriter.java",
	"ConformancePointer.java",
	"ConformanceSubject.java",
	"ConformanceSubjects.java",
	"SkipWhenNotProvided.java",
}

// oracleFiles are generated only when the tests are bound to the oracle.
var oracleFiles = []string{"OracleConformanceSubject.java", "OracleConnection.java"}

// scaffoldFile is the SDK subject, written only when the tests are bound to the SDK.
const scaffoldFile = "SdkConformanceSubject.java"

// buildView precomputes every file of the output.
func buildView(s *model.Suite, opt backend.Options) (*view, error) {
	c, err := buildCommon(s, opt)
	if err != nil {
		return nil, err
	}
	dir := testSourceRoot + "/" + strings.ReplaceAll(c.Package, ".", "/") + "/"
	v := &view{}
	for _, name := range supportFiles {
		v.Outputs = append(v.Outputs, output{Path: dir + name, Template: name, Data: c, Kind: backend.Generated})
	}
	if c.Oracle {
		for _, name := range oracleFiles {
			v.Outputs = append(v.Outputs, output{Path: dir + name, Template: name, Data: c, Kind: backend.Generated})
		}
	}
	for _, tc := range buildTestClasses(s, c) {
		v.Outputs = append(v.Outputs, output{Path: dir + tc.class + ".java", Template: tc.template, Data: tc.data, Kind: backend.Generated})
	}
	if !c.Oracle {
		v.Outputs = append(v.Outputs, output{Path: dir + scaffoldFile, Template: scaffoldFile, Data: c, Kind: backend.Scaffold})
	}
	return v, nil
}

func buildCommon(s *model.Suite, opt backend.Options) (common, error) {
	pkg := opt.Package
	if pkg == "" {
		pkg = DefaultPackage
	}
	if err := checkPackage(pkg); err != nil {
		return common{}, err
	}
	version := s.Version
	if !s.HasVersion || version == "" {
		version = unversioned
	}
	return common{
		Package:        pkg,
		Version:        commentText(version),
		VersionLiteral: javaString(version),
		Oracle:         opt.Binding == backend.BindOracle,
	}, nil
}
