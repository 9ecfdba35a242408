// Package scaffoldaudit says what an SDK's own files lack for the tests
// bqgen generates into it: the scaffold's mapping of the subject interface,
// the test runner's configuration that must run the generated files, and
// the lines its own .gitattributes needs. It reads those files through
// safefile and never writes them: they are the SDK's.
package scaffoldaudit
