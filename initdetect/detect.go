package initdetect

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/safefile"
	gobackend "github.com/babelqueue/bqgen/templates/go"
)

// bqgen init reads the repository's package manifest to tell the core SDK
// from a transport package: a transport's target runs its broker's block
// only, and generates into the transport's own package. The manifests
// arrive with the checkout, so they are input: each is read only when it is
// a regular file in the directory (no link followed), at most
// safefile.Manifest.Limit bytes, read through safefile, and a file that cannot be
// read or parsed is an error naming it. The directories init lists are
// listed through safefile too: no link on their path is followed.

// maxPackageDirs bounds how many subdirectories init looks into for the
// transport packages of a monorepo.
const maxPackageDirs = 256

// Package is what a manifest says about the package in a directory.
type Package struct {
	// Name is the package's name as its manifest spells it.
	Name string
	// File is the manifest it was read from, relative to the directory.
	File string
	// Block is the broker block of a transport package, "" for the core.
	Block string
	// Package is the package the tests must be in when the backend's
	// default would not be it (a Go package named unlike its module); "".
	Package string
	// Workspace says the directory is a monorepo's root, not a package: it
	// gets no target of its own, only its packages do.
	Workspace bool
	// Messaging says the package is a message-queue messaging layer
	// (NPipeline.Connectors): its target runs the messaging blocks alone.
	Messaging bool
}

// messagingLayers are the .NET projects that hold a message-queue
// messaging layer, the system the messaging blocks were written from.
var messagingLayers = []string{"NPipeline.Connectors"}

// brokerNames maps a transport package's name, lowercased without
// separators and the BabelQueue prefix, to its broker block.
var brokerNames = map[string]string{
	"sqs": model.BlockSQS, "azureservicebus": model.BlockASB, "asb": model.BlockASB,
	"pulsar": model.BlockPulsar, "kafka": model.BlockKafka, "artemis": model.BlockArtemis,
	"redis": model.BlockRedis, "rabbitmq": model.BlockRabbitMQ, "amqp": model.BlockRabbitMQ,
	// babelqueue-spring is the Java RabbitMQ transport, BabelQueue.MassTransit
	// the .NET one.
	"spring": model.BlockRabbitMQ, "masstransit": model.BlockRabbitMQ,
}

// brokerOf is the block of a package named name (its last part, the
// BabelQueue prefix stripped), "" when it names no broker. withCore says
// whether the manifest depends on the core: a name without the BabelQueue
// prefix is a transport's only then.
func brokerOf(name string, withCore bool) string {
	key := strings.ToLower(name)
	if i := strings.LastIndexAny(key, "/"); i >= 0 {
		key = key[i+1:]
	}
	prefixed := false
	for _, p := range []string{"babelqueue-", "babelqueue_", "babelqueue.", "babelqueue"} {
		if strings.HasPrefix(key, p) {
			key, prefixed = key[len(p):], true
			break
		}
	}
	if !prefixed && !withCore && !strings.Contains(strings.ToLower(name), "babelqueue") {
		return ""
	}
	key = strings.NewReplacer("-", "", "_", "", ".", "").Replace(key)
	return brokerNames[key]
}

// readManifest reads rel in dir through safefile: absent is (nil, nil); a
// link on its path, a non-regular file or one larger than the limit for a
// manifest is an error naming it.
func readManifest(dir, rel string) ([]byte, error) {
	data, err := safefile.ReadIn(dir, rel, safefile.Manifest)
	if safefile.IsAbsent(err) {
		return nil, nil
	}
	return data, err
}

// listDir lists rel in dir through safefile: no link on its path is
// followed (a committed packages -> /elsewhere is an error naming it), and
// entries that are links are listed as links. Absent is (nil, nil).
func listDir(dir, rel string) ([]fs.DirEntry, error) {
	entries, err := safefile.ReadDir(dir, rel)
	if safefile.IsAbsent(err) {
		return nil, nil
	}
	return entries, err
}

// detectors read the package of a directory, per language: nil when its
// manifest is absent.
var detectors = map[string]func(dir string) (*Package, error){
	"go": detectGo, "node": detectNode, "python": detectPython,
	"java": detectJava, "php": detectPHP, "dotnet": detectDotnet,
}

// detect is the package in dir for lang, nil when no manifest says.
func detect(lang, dir string) (*Package, error) {
	d, ok := detectors[lang]
	if !ok {
		return nil, nil
	}
	return d(dir)
}

const goCoreModule = "github.com/babelqueue/babelqueue-go"

var (
	goModuleLine  = regexp.MustCompile(`(?m)^module\s+"?([^"\s]+)"?\s*$`)
	goPackageLine = regexp.MustCompile(`(?m)^package\s+([A-Za-z_][A-Za-z0-9_]*)\s*$`)
)

// detectGo reads go.mod: a module whose last element names a broker and
// that lives below the core's module path or requires the core is that
// broker's transport; its package is read from its Go files.
func detectGo(dir string) (*Package, error) {
	data, err := readManifest(dir, "go.mod")
	if data == nil || err != nil {
		return nil, err
	}
	m := goModuleLine.FindSubmatch(data)
	if m == nil {
		return nil, fmt.Errorf("%s: no module line", quote.Name(filepath.Join(dir, "go.mod")))
	}
	info := &Package{Name: string(m[1]), File: "go.mod"}
	withCore := strings.HasPrefix(info.Name, goCoreModule+"/") || strings.Contains(string(data), goCoreModule+" ")
	if info.Name == goCoreModule {
		return info, nil
	}
	pkg, err := goPackageName(dir)
	if err != nil {
		return nil, err
	}
	// The module path says what a module is; its package clause does not:
	// babelqueue-go's idempotency-redis module is package redis, a store for
	// the idempotency helper, not the Redis transport.
	info.Block = brokerOf(path.Base(info.Name), withCore)
	if info.Block != "" && pkg != "" && pkg != gobackend.TransportPackage(info.Block) {
		info.Package = pkg
	}
	return info, nil
}

// goPackageName is the package clause of the first (by name) non-test Go
// file in dir, "" when there is none.
func goPackageName(dir string) (string, error) {
	entries, err := listDir(dir, ".")
	if err != nil {
		return "", err
	}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") || !e.Type().IsRegular() {
			continue
		}
		data, err := readManifest(dir, e.Name())
		if err != nil {
			return "", err
		}
		if m := goPackageLine.FindSubmatch(data); m != nil {
			return string(m[1]), nil
		}
	}
	return "", nil
}

// npmManifest is what init reads of a package.json.
type npmManifest struct {
	Name             string            `json:"name"`
	Dependencies     map[string]string `json:"dependencies"`
	PeerDependencies map[string]string `json:"peerDependencies"`
	Workspaces       json.RawMessage   `json:"workspaces"`
}

const npmCore = "@babelqueue/core"

// detectNode reads package.json: @babelqueue/<broker>, or a package named
// after a broker that depends on @babelqueue/core, is a transport.
func detectNode(dir string) (*Package, error) {
	var m npmManifest
	found, err := readJSONManifest(dir, "package.json", &m)
	if !found || err != nil {
		return nil, err
	}
	_, dep := m.Dependencies[npmCore]
	_, peer := m.PeerDependencies[npmCore]
	info := &Package{Name: m.Name, File: "package.json", Workspace: len(m.Workspaces) > 0 && m.Name != npmCore}
	if m.Name != npmCore {
		info.Block = brokerOf(m.Name, dep || peer)
	}
	return info, nil
}

// readJSONManifest decodes the JSON manifest rel of dir into v.
func readJSONManifest(dir, rel string, v any) (bool, error) {
	data, err := readManifest(dir, rel)
	if data == nil || err != nil {
		return false, err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return true, fmt.Errorf("%s: %v", quote.Name(filepath.Join(dir, rel)), err)
	}
	return true, nil
}

// detectPHP reads composer.json: babelqueue/<broker>, or a package named
// after a broker that requires the core (babelqueue/php-sdk), is a transport.
func detectPHP(dir string) (*Package, error) {
	var m struct {
		Name    string            `json:"name"`
		Require map[string]string `json:"require"`
	}
	found, err := readJSONManifest(dir, "composer.json", &m)
	if !found || err != nil {
		return nil, err
	}
	_, withCore := m.Require["babelqueue/php-sdk"]
	return &Package{Name: m.Name, File: "composer.json", Block: brokerOf(m.Name, withCore)}, nil
}

// detectJava reads pom.xml: an artifactId babelqueue-<broker>, or one named
// after a broker that depends on babelqueue-core, is a transport.
func detectJava(dir string) (*Package, error) {
	data, err := readManifest(dir, "pom.xml")
	if data == nil || err != nil {
		return nil, err
	}
	var pom struct {
		ArtifactID   string `xml:"artifactId"`
		Dependencies []struct {
			ArtifactID string `xml:"artifactId"`
		} `xml:"dependencies>dependency"`
	}
	if err := xml.Unmarshal(data, &pom); err != nil {
		return nil, fmt.Errorf("%s: %v", quote.Name(filepath.Join(dir, "pom.xml")), err)
	}
	withCore := false
	for _, d := range pom.Dependencies {
		withCore = withCore || d.ArtifactID == "babelqueue-core"
	}
	info := &Package{Name: strings.TrimSpace(pom.ArtifactID), File: "pom.xml"}
	if info.Name != "babelqueue-core" {
		info.Block = brokerOf(info.Name, withCore)
	}
	return info, nil
}

var (
	pyprojectName = regexp.MustCompile(`^name\s*=\s*["']([^"']+)["']\s*$`)
	pyCoreRequire = regexp.MustCompile(`["']babelqueue\s*(?:[<>=!~;\[]|["'])`)
)

// detectPython reads the [project] name of pyproject.toml: babelqueue-
// <broker>, or a project named after a broker that depends on babelqueue,
// is a transport.
func detectPython(dir string) (*Package, error) {
	data, err := readManifest(dir, "pyproject.toml")
	if data == nil || err != nil {
		return nil, err
	}
	info := &Package{File: "pyproject.toml"}
	section, withCore := "", false
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(strings.TrimSuffix(line, "\r"))
		if strings.HasPrefix(line, "[") {
			section = line
			continue
		}
		if m := pyprojectName.FindStringSubmatch(line); m != nil && section == "[project]" {
			info.Name = m[1]
		}
		withCore = withCore || pyCoreRequire.MatchString(line)
	}
	if info.Name == "" {
		return nil, fmt.Errorf("%s: no name in [project]", quote.Name(filepath.Join(dir, "pyproject.toml")))
	}
	if strings.ToLower(info.Name) != "babelqueue" {
		info.Block = brokerOf(info.Name, withCore)
	}
	return info, nil
}

// detectDotnet reads the solution and project names at the top and in
// src/*/: BabelQueue.<Broker> is a transport, BabelQueue.Core the core, a
// messaging layer's project (NPipeline.Connectors) a messaging target.
func detectDotnet(dir string) (*Package, error) {
	names, err := dotnetProjectNames(dir)
	if err != nil || len(names) == 0 {
		return nil, err
	}
	for _, n := range names {
		base := strings.TrimSuffix(path.Base(n), path.Ext(n))
		if path.Ext(n) == ".csproj" && slices.ContainsFunc(messagingLayers, func(m string) bool { return strings.EqualFold(m, base) }) {
			return &Package{Name: base, File: n, Messaging: true}, nil
		}
	}
	for _, n := range names {
		base := strings.TrimSuffix(path.Base(n), path.Ext(n))
		if strings.EqualFold(base, "BabelQueue.Core") {
			return &Package{Name: base, File: n}, nil
		}
	}
	for _, n := range names {
		base := strings.TrimSuffix(path.Base(n), path.Ext(n))
		if b := brokerOf(base, false); b != "" && !strings.HasSuffix(base, ".Tests") {
			return &Package{Name: base, File: n, Block: b}, nil
		}
	}
	return nil, nil
}

// dotnetProjectNames are the *.sln files of dir and the *.csproj files of
// dir and of its src/ subdirectories, as paths relative to dir, sorted.
func dotnetProjectNames(dir string) ([]string, error) {
	var out []string
	add := func(rel string, exts ...string) error {
		entries, err := listDir(dir, rel)
		if err != nil {
			return err
		}
		for i, e := range entries {
			if i >= maxPackageDirs {
				break
			}
			for _, ext := range exts {
				if strings.HasSuffix(e.Name(), ext) && e.Type().IsRegular() {
					out = append(out, path.Join(rel, e.Name()))
				}
			}
			if rel == "src" && e.IsDir() {
				if err := addCsproj(dir, path.Join(rel, e.Name()), &out); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if err := add(".", ".sln", ".csproj"); err != nil {
		return nil, err
	}
	if err := add("src"); err != nil {
		return nil, err
	}
	sort.Strings(out)
	return out, nil
}

// addCsproj appends the regular *.csproj files of rel in dir.
func addCsproj(dir, rel string, out *[]string) error {
	entries, err := listDir(dir, rel)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".csproj") && e.Type().IsRegular() {
			*out = append(*out, path.Join(rel, e.Name()))
		}
	}
	return nil
}

// monorepoDirs are where a language's monorepo keeps its transport packages,
// as globs relative to the repository root: babelqueue-go's modules are its
// subdirectories, the Node adapters are packages/<p>.
var monorepoDirs = map[string]string{"go": "*", "node": "packages/*"}

// transportPackagesBelow are the transport packages of a monorepo rooted at
// dir, sorted by directory: the directory (slash path) of each.
func transportPackagesBelow(lang, dir string) (map[string]*Package, error) {
	glob, ok := monorepoDirs[lang]
	if !ok {
		return nil, nil
	}
	parent := path.Dir(glob)
	entries, err := listDir(dir, parent)
	if err != nil {
		return nil, err
	}
	out := map[string]*Package{}
	for i, e := range entries {
		if i >= maxPackageDirs || !e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			continue // a link is not a directory here: never followed
		}
		rel := path.Join(parent, e.Name())
		info, err := detect(lang, filepath.Join(dir, filepath.FromSlash(rel)))
		if err != nil {
			return nil, err
		}
		if info != nil && info.Block != "" {
			out[rel] = info
		}
	}
	return out, nil
}

// Find is the package in dir for lang (nil when no manifest says) and,
// unless it is a transport package, the transport packages below it, by
// directory.
func Find(lang, dir string) (*Package, map[string]*Package, error) {
	info, err := detect(lang, dir)
	if err != nil || (info != nil && info.Block != "") {
		return info, nil, err
	}
	below, err := transportPackagesBelow(lang, dir)
	return info, below, err
}
