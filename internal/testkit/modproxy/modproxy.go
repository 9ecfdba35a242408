// Package modproxy writes a module version into a directory laid out as a
// Go module proxy ($GOPROXY=file://DIR), so a test can `go install
// MODULE@VERSION` from it as a user would from proxy.golang.org. The zip
// follows the go command's rules for module zips (golang.org/x/mod/zip,
// which bqgen does not depend on): every path prefixed MODULE@VERSION/, no
// nested module, no vendored package, no VCS directory, only regular files,
// paths the go command accepts.
package modproxy

import (
	"archive/zip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Limits the go command puts on a module zip.
const (
	maxZipFile = 500 << 20
	maxGoMod   = 16 << 20
)

// Write adds version of module (its lowercase path) to the proxy in
// proxyDir from the module's source tree in srcDir, given the tree's file
// paths (slash-separated, relative to srcDir: `git ls-files` of a tag).
func Write(proxyDir, module, version, srcDir string, files []string, at time.Time) error {
	if module != strings.ToLower(module) {
		return fmt.Errorf("module path %s: only lowercase paths are written (no case-encoding)", module)
	}
	dir := filepath.Join(proxyDir, filepath.FromSlash(module), "@v")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	gomod, err := os.ReadFile(filepath.Join(srcDir, "go.mod"))
	if err != nil {
		return err
	}
	if len(gomod) > maxGoMod {
		return fmt.Errorf("go.mod is over %d bytes", maxGoMod)
	}
	kept, err := ModuleFiles(srcDir, files)
	if err != nil {
		return err
	}
	if err := writeZip(filepath.Join(dir, version+".zip"), module+"@"+version, srcDir, kept); err != nil {
		return err
	}
	info, _ := json.Marshal(struct {
		Version string
		Time    string
	}{version, at.UTC().Format(time.RFC3339)})
	for name, content := range map[string][]byte{version + ".mod": gomod, version + ".info": info, "list": []byte(version + "\n")} {
		if err := os.WriteFile(filepath.Join(dir, name), content, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// ModuleFiles are the files of the tree that belong in the module zip,
// sorted: those of a nested module (a directory below the root with a
// go.mod, and everything under it), of a vendored package, of a VCS
// directory, and irregular files (links) are left out. A path the go
// command refuses, or two that differ only in case, are an error.
func ModuleFiles(srcDir string, files []string) ([]string, error) {
	nested := map[string]bool{}
	for _, f := range files {
		if path.Base(f) == "go.mod" && path.Dir(f) != "." {
			nested[path.Dir(f)] = true
		}
	}
	var kept []string
	folded := map[string]string{}
	for _, f := range files {
		if inNested(f, nested) || isVendoredPackage(f) || inVCSDir(f) {
			continue
		}
		info, err := os.Lstat(filepath.Join(srcDir, filepath.FromSlash(f)))
		if err != nil {
			return nil, err
		}
		if !info.Mode().IsRegular() {
			continue
		}
		if err := checkFilePath(f); err != nil {
			return nil, fmt.Errorf("%s: %v (the go command refuses a module with it)", f, err)
		}
		key := strings.ToLower(f)
		if other, dup := folded[key]; dup {
			return nil, fmt.Errorf("%s and %s differ only in case (the go command refuses a module with them)", other, f)
		}
		folded[key] = f
		kept = append(kept, f)
	}
	sort.Strings(kept)
	return kept, nil
}

func inNested(f string, nested map[string]bool) bool {
	for d := path.Dir(f); d != "."; d = path.Dir(d) {
		if nested[d] {
			return true
		}
	}
	return false
}

// isVendoredPackage is x/mod/zip's rule: a file in a package directory
// below a vendor directory (vendor/modules.txt itself stays).
func isVendoredPackage(name string) bool {
	var i int
	if strings.HasPrefix(name, "vendor/") {
		i += len("vendor/")
	} else if j := strings.Index(name, "/vendor/"); j >= 0 {
		i += j + len("/vendor/")
	} else {
		return false
	}
	return strings.Contains(name[i:], "/")
}

func inVCSDir(f string) bool {
	for _, el := range strings.Split(f, "/") {
		switch el {
		case ".git", ".hg", ".svn", ".bzr":
			return true
		}
	}
	return false
}

// checkFilePath is the go command's rule for a file path in a module
// (module.CheckFilePath): clean, relative, each element made of letters,
// digits and a few punctuation characters, and no Windows-reserved name.
func checkFilePath(f string) error {
	if f == "" || path.Clean(f) != f || strings.HasPrefix(f, "/") {
		return fmt.Errorf("not a clean relative path")
	}
	for _, el := range strings.Split(f, "/") {
		if el == "" || el == "." || el == ".." {
			return fmt.Errorf("element %q", el)
		}
		for _, r := range el {
			if !fileRuneOK(r) {
				return fmt.Errorf("character %q", r)
			}
		}
		if reservedOnWindows(el) {
			return fmt.Errorf("%q is a reserved file name on Windows", el)
		}
		if strings.HasSuffix(el, ".") {
			return fmt.Errorf("%q ends in a dot", el)
		}
	}
	return nil
}

func fileRuneOK(r rune) bool {
	if r < utf8.RuneSelf {
		return r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || strings.ContainsRune("!#$%&()+,-.=@[]^_{}~ ", r)
	}
	return unicode.IsLetter(r)
}

func reservedOnWindows(el string) bool {
	short, _, _ := strings.Cut(el, ".")
	switch strings.ToUpper(short) {
	case "CON", "PRN", "AUX", "NUL":
		return true
	}
	u := strings.ToUpper(short)
	return len(u) == 4 && (strings.HasPrefix(u, "COM") || strings.HasPrefix(u, "LPT")) && u[3] >= '1' && u[3] <= '9'
}

func writeZip(dest, prefix, srcDir string, files []string) error {
	out, err := os.Create(dest)
	if err != nil {
		return err
	}
	zw := zip.NewWriter(out)
	var total int64
	for _, f := range files {
		n, err := addFile(zw, prefix+"/"+f, filepath.Join(srcDir, filepath.FromSlash(f)))
		if err != nil {
			out.Close()
			return err
		}
		if total += n; total > maxZipFile {
			out.Close()
			return fmt.Errorf("the module is over %d bytes uncompressed", maxZipFile)
		}
	}
	if err := zw.Close(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

func addFile(zw *zip.Writer, name, src string) (int64, error) {
	in, err := os.Open(src)
	if err != nil {
		return 0, err
	}
	defer in.Close()
	w, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate})
	if err != nil {
		return 0, err
	}
	return io.Copy(w, in)
}
