package dotnet

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"path"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
)

// The wiring check: dotnet test runs the generated tests only when the test
// project they sit in imports the generated .props (without it the
// [SkippableFact] attribute is unknown: CS0246 on every test, and the
// vendored suite is not copied) and compiles GeneratedConformance/.

var _ backend.WiringChecker = Backend{}

// directoryBuildProps is the file MSBuild imports into every project below
// it, the nearest one only.
const directoryBuildProps = "Directory.Build.props"

// WiringFiles are the test project files of the core and of each transport
// package (an output has one of them), and the Directory.Build.props files
// MSBuild could import into them.
func (b Backend) WiringFiles() []string {
	files := []string{directoryBuildProps, "tests/" + directoryBuildProps}
	for _, pkg := range b.sdkPackages() {
		files = append(files, projectFileOf(pkg), TestProjectDir(pkg)+"/"+directoryBuildProps)
	}
	return files
}

// sdkPackages are the core and the transport packages the templates name.
func (b Backend) sdkPackages() []string {
	pkgs := []string{corePackage}
	if b.lazy == nil {
		return pkgs
	}
	tmpl, err := b.lazy.Get()
	if err != nil {
		return pkgs
	}
	namer := Backend{tmpl: tmpl}.transportPackage
	for _, block := range model.TransportBlocks {
		if pkg, err := namer(block); err == nil && !contains(pkgs, pkg) {
			pkgs = append(pkgs, pkg)
		}
	}
	return pkgs
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// CheckWiring reports how the test project that holds the generated .props
// would not run the generated tests: it is missing while another package's
// test project is there (no project at all is a checkout without tests yet,
// with nothing to check), it is not an MSBuild
// file, it does not import the .props (nor does the Directory.Build.props
// MSBuild imports into it), or it keeps GeneratedConformance/ out of the
// compilation. An output without a .props (the oracle's) has nothing to check.
func (Backend) CheckWiring(files map[string][]byte, generated []backend.File) []backend.WiringProblem {
	props := ""
	for _, f := range generated {
		if path.Base(f.Path) == propsFileName && path.Base(path.Dir(f.Path)) == generatedDirName {
			props = f.Path
		}
	}
	if props == "" {
		return nil
	}
	projectDir := path.Dir(path.Dir(props))
	project := projectDir + "/" + path.Base(projectDir) + ".csproj"
	importLine := `<Import Project="` + PropsFile + `" />`
	content, ok := files[project]
	if !ok || content == nil {
		if !anyProject(files) {
			return nil // no test project here (yet): nothing to check
		}
		return []backend.WiringProblem{{File: project,
			Problem: "there is no such test project, so nothing builds the generated tests in " + projectDir + "/",
			Fix:     "create it (dotnet new xunit -o " + projectDir + ") and add " + importLine + " inside its <Project>"}}
	}
	p, err := readProject(content)
	if err != nil {
		return []backend.WiringProblem{{File: project, Problem: "it is not a well-formed MSBuild file (" + err.Error() + ")",
			Fix: "repair it, then make sure it has " + importLine + " inside its <Project>"}}
	}
	var out []backend.WiringProblem
	if !p.imports(props, project, "") && !nearestDirectoryBuildProps(files, projectDir, props, project) {
		out = append(out, backend.WiringProblem{File: project,
			Problem: "it does not import " + PropsFile + ", so the generated tests do not compile " +
				"(CS0246: SkippableFact is not found) and the vendored suite is not copied next to the tests",
			Fix: "add " + importLine + " inside its <Project>"})
	}
	for _, remove := range p.compileRemoves {
		if coversGenerated(remove) {
			out = append(out, backend.WiringProblem{File: project,
				Problem: "it removes " + generatedDirName + "/ from the compilation, so no generated test is built",
				Fix:     `delete its <Compile Remove="` + remove + `" />`})
		}
	}
	if p.noDefaultCompileItems && !p.compilesGenerated() {
		out = append(out, backend.WiringProblem{File: project,
			Problem: "it sets EnableDefaultCompileItems to false and includes no " + generatedDirName + "/**/*.cs, " +
				"so no generated test is built",
			Fix: `add <Compile Include="` + generatedDirName + `/**/*.cs" /> to an <ItemGroup>`})
	}
	return out
}

// anyProject reports whether files hold a test project, of another package
// than the output's: the output then went to the wrong package's project.
func anyProject(files map[string][]byte) bool {
	for name, content := range files {
		if content != nil && strings.HasSuffix(name, ".csproj") {
			return true
		}
	}
	return false
}

// nearestDirectoryBuildProps reports whether the Directory.Build.props that
// MSBuild imports into the project in projectDir (the nearest one upward)
// imports props.
func nearestDirectoryBuildProps(files map[string][]byte, projectDir, props, project string) bool {
	for dir := projectDir; ; dir = path.Dir(dir) {
		name := directoryBuildProps
		if dir != "." {
			name = dir + "/" + directoryBuildProps
		}
		if content, ok := files[name]; ok && content != nil {
			p, err := readProject(content)
			return err == nil && p.imports(props, project, dir)
		}
		if dir == "." || dir == "/" {
			return false
		}
	}
}

// project is what the check reads from an MSBuild file.
type project struct {
	importPaths           []string
	compileRemoves        []string
	compileIncludes       []string
	noDefaultCompileItems bool
}

// readProject reads the Import, Compile and EnableDefaultCompileItems
// elements of an MSBuild file; comments are not elements.
func readProject(content []byte) (project, error) {
	var p project
	d := xml.NewDecoder(bytes.NewReader(content))
	root := true
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return p, err
		}
		el, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		if root && el.Name.Local != "Project" {
			return p, fmt.Errorf("its root element is <%s>, not <Project>", el.Name.Local)
		}
		root = false
		switch el.Name.Local {
		case "Import":
			p.importPaths = append(p.importPaths, attr(el, "Project"))
		case "Compile":
			if r := attr(el, "Remove"); r != "" {
				p.compileRemoves = append(p.compileRemoves, r)
			}
			if i := attr(el, "Include"); i != "" {
				p.compileIncludes = append(p.compileIncludes, i)
			}
		case "EnableDefaultCompileItems", "EnableDefaultItems":
			var v string
			if err := d.DecodeElement(&v, &el); err != nil {
				return p, err
			}
			if strings.EqualFold(strings.TrimSpace(v), "false") {
				p.noDefaultCompileItems = true
			}
		}
	}
	if root {
		return p, fmt.Errorf("it has no <Project> element")
	}
	return p, nil
}

func attr(el xml.StartElement, name string) string {
	for _, a := range el.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// imports reports whether one of p's Import elements names props; p is the
// file in dir (the project's own when dir is ""), project the project file
// $(MSBuildProjectDirectory) stands for.
func (p project) imports(props, project, dir string) bool {
	if dir == "" {
		dir = path.Dir(project)
	}
	for _, imp := range p.importPaths {
		if strings.EqualFold(resolve(imp, dir, path.Dir(project)), props) {
			return true
		}
	}
	return false
}

// resolve turns an Import path written in a file in dir into a path
// relative to the repository: $(MSBuildThisFileDirectory) is dir,
// $(MSBuildProjectDirectory) the project's, and either slash separates.
func resolve(imp, dir, projectDir string) string {
	p := strings.ReplaceAll(strings.TrimSpace(imp), `\`, "/")
	base := dir
	for _, v := range []struct{ prefix, dir string }{
		{"$(MSBuildThisFileDirectory)", dir}, {"$(MSBuildProjectDirectory)", projectDir},
	} {
		if len(p) >= len(v.prefix) && strings.EqualFold(p[:len(v.prefix)], v.prefix) {
			p, base = strings.TrimPrefix(p[len(v.prefix):], "/"), v.dir
		}
	}
	return path.Clean(path.Join(base, p))
}

// coversGenerated reports whether a Compile Remove pattern (relative to the
// project) takes out the generated directory's files.
func coversGenerated(pattern string) bool {
	p := strings.ToLower(strings.ReplaceAll(strings.TrimSpace(pattern), `\`, "/"))
	p = strings.TrimPrefix(p, "$(msbuildprojectdirectory)/")
	p = strings.TrimPrefix(p, "$(msbuildthisfiledirectory)")
	p = strings.TrimPrefix(p, "./")
	dir := strings.ToLower(generatedDirName)
	return p == dir || strings.HasPrefix(p, dir+"/") || p == "**" || p == "**/*" || p == "**/*.cs"
}

// compilesGenerated reports whether an explicit Compile Include takes in
// the generated directory's files.
func (p project) compilesGenerated() bool {
	for _, inc := range p.compileIncludes {
		if coversGenerated(inc) {
			return true
		}
	}
	return false
}
