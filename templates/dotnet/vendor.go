package dotnet

import (
	"fmt"
	"strings"

	"github.com/babelqueue/bqgen/backend"
)

// suiteCopy is how the vendored suite reaches the tests: the project file
// (the .props an SDK imports, or the oracle's .csproj) copies it next to
// the test assembly, where ConformanceSuite.Fixture reads it.
type suiteCopy struct {
	// PropsInclude is the .props item of the suite's files, after
	// $(MSBuildThisFileDirectory); ProjectInclude the .csproj item, relative
	// to the project. LinkBase is where the .props puts them in the output
	// directory. All three are escaped for MSBuild, then for XML.
	PropsInclude, ProjectInclude, LinkBase string
	// RuntimeArgs are the C# arguments of Path.Combine after
	// AppContext.BaseDirectory that name the copy.
	RuntimeArgs string
	// PropsWhere, PropsOwnCopy and RuntimeDoc are the comments' words.
	PropsWhere, PropsOwnCopy, RuntimeDoc string
}

// The .props comment's words for the default place, which an SDK's own
// item may copy too.
const (
	defaultPropsWhere   = "conformance/ beside GeneratedConformance/"
	defaultPropsOwnCopy = "A project\n     that already copies conformance/**/*.json may keep its own item: both copy the\n     same files to the same place."
)

// suiteCopyOf is the suite's copy for layout l. In the output directory
// the suite keeps its path relative to the test project, or to the
// checkout when it lies outside the project, so it never lands on the
// conformance/ an SDK's own copy may be copied to.
func suiteCopyOf(l layout) (suiteCopy, error) {
	if l.projectDir != "" && (l.suiteDir == l.projectDir || strings.HasPrefix(l.projectDir, l.suiteDir+"/")) {
		// Its item would copy the whole project, sources and all.
		return suiteCopy{}, backend.OptionErrorf("dotnet: vendor %q holds the test project %s: name a directory beside its sources, e.g. %s/bqgen-conformance",
			l.suiteDir, l.projectDir, l.projectDir)
	}
	link := backend.RelativeDir(l.projectDir, l.suiteDir)
	if link == ".." || strings.HasPrefix(link, "../") {
		link = l.suiteDir
	}
	args := make([]string, 0, strings.Count(link, "/")+1)
	for _, part := range strings.Split(link, "/") {
		args = append(args, string(csString(part)))
	}
	c := suiteCopy{
		PropsInclude:   msbuildXML(backend.RelativeDir(l.codeDir, l.suiteDir)) + "/**",
		ProjectInclude: msbuildXML(link) + "/**",
		LinkBase:       msbuildXML(link),
		RuntimeArgs:    strings.Join(args, ", "),
		PropsWhere:     defaultPropsWhere,
		PropsOwnCopy:   defaultPropsOwnCopy,
		RuntimeDoc:     xmlCommentText(link),
	}
	if l.suiteDir != l.projectDir+"/"+vendoredSuiteDirectory {
		c.PropsWhere = xmlCommentText(l.suiteDir) + "/ of the checkout"
		c.PropsOwnCopy = "The SDK's own copy\n     of the suite, if it keeps one, and its item stay as they are: this one is copied\n     to " + c.RuntimeDoc + "/."
	}
	return c, nil
}

// msbuildXML is the slash path p as MSBuild reads it literally in an
// item's Include or metadata (its special characters %-escaped), as XML
// attribute text.
func msbuildXML(p string) string {
	var b strings.Builder
	for _, r := range p {
		if strings.ContainsRune("%$@';?*", r) {
			fmt.Fprintf(&b, "%%%02X", r)
			continue
		}
		b.WriteRune(r)
	}
	return xmlText(b.String())
}
