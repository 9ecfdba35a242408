package results

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
)

// The formats Read knows, as Run.Format names them.
const (
	FormatGoTestJSON = "go-test-json"
	FormatJUnitXML   = "junit-xml"
	FormatTRX        = "trx"
	FormatXunitXML   = "xunit-xml"
)

// utf8BOM starts the files some Windows tools write (TRX, notably).
var utf8BOM = []byte("\xef\xbb\xbf")

// Read reads one result file. The format is sniffed from the content, not
// from name (CI artifacts are renamed freely): a JSON object first is
// go test -json, an XML root <testsuites> or <testsuite> is JUnit XML, a
// root <TestRun> is .NET TRX, a root <assemblies> the xUnit v2 console
// runner's -xml. name only labels errors and Run.File.
func Read(name string, data []byte) (Run, error) {
	data = bytes.TrimPrefix(data, utf8BOM)
	format, err := sniff(name, data)
	if err != nil {
		return Run{}, err
	}
	var run Run
	switch format {
	case FormatGoTestJSON:
		run, err = readGoTestJSON(name, data)
	case FormatJUnitXML:
		run, err = readJUnit(name, data)
	case FormatTRX:
		run, err = readTRX(name, data)
	case FormatXunitXML:
		run, err = readXunit(name, data)
	}
	if err != nil {
		return Run{}, err
	}
	run.File = name
	return run, nil
}

// knownFormats ends the error for a file in none of them.
const knownFormats = "the known formats are go test -json (JSON lines), " +
	"JUnit XML (root <testsuites> or <testsuite>), .NET TRX (root <TestRun>) and " +
	"the xUnit v2 console runner's XML (root <assemblies>)"

// sniff names the format data is in from its first non-blank byte and, for
// XML, its root element's name. An XML file whose root cannot be read is
// malformed, at the place the decoder stopped.
func sniff(name string, data []byte) (string, error) {
	trimmed := bytes.TrimLeft(data, " \t\r\n")
	switch {
	case len(trimmed) > 0 && trimmed[0] == '{':
		return FormatGoTestJSON, nil
	case len(trimmed) > 0 && trimmed[0] == '<':
		d := xml.NewDecoder(bytes.NewReader(data))
		for {
			tok, err := d.RawToken()
			if err != nil {
				return "", fmt.Errorf("%w (%s)", posError(name, data, d.InputOffset(), err), knownFormats)
			}
			start, ok := tok.(xml.StartElement)
			if !ok {
				continue
			}
			switch start.Name.Local {
			case "testsuites", "testsuite":
				return FormatJUnitXML, nil
			case "TestRun":
				return FormatTRX, nil
			case "assemblies", "assembly":
				return FormatXunitXML, nil
			}
			return "", fmt.Errorf("%s: an XML file with root <%s> is not a test result file this tool reads: %s", name, start.Name.Local, knownFormats)
		}
	}
	return "", fmt.Errorf("%s: not a test result file this tool reads: %s", name, knownFormats)
}

// decodeXML decodes data into v and, when the file is malformed, says
// where the decoder stopped.
func decodeXML(name string, data []byte, v any) error {
	d := xml.NewDecoder(bytes.NewReader(data))
	if err := d.Decode(v); err != nil {
		return posError(name, data, d.InputOffset(), err)
	}
	return nil
}

// posError is err at byte offset of data, as "name:line:col: err"
// (lines and columns count from 1; columns in bytes).
func posError(name string, data []byte, offset int64, err error) error {
	if offset > int64(len(data)) {
		offset = int64(len(data))
	}
	before := data[:offset]
	line := bytes.Count(before, []byte("\n")) + 1
	col := len(before) - bytes.LastIndexByte(before, '\n')
	var syntax *xml.SyntaxError
	if errors.As(err, &syntax) {
		// Its message repeats a line number, sometimes a different one.
		err = errors.New(syntax.Msg)
	}
	return fmt.Errorf("%s:%d:%d: malformed result file: %w", name, line, col, err)
}
