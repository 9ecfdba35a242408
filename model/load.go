package model

import (
	"errors"
	"io/fs"
	"regexp"
	"strings"
)

// Load reads a suite from fsys (the embedded suite or DirFS of a directory).
// It returns the suite and every problem found; the suite is usable only when
// Problems.Errors() is empty. Unknown blocks are warnings, never errors.
func Load(fsys fs.FS) (*Suite, Problems) {
	fset := newFileSet(fsys)
	s := &Suite{}
	r := &reader{file: ManifestFile, suite: s, files: fset}
	manifest, err := fset.read(ManifestFile)
	if err != nil {
		fset.fail(ManifestFile, "cannot read the manifest: %v", unwrapPathError(err))
	}
	readVersion(fset, s)
	fset.readTree()
	if manifest != nil && manifest.JSON != nil {
		s.Manifest = *manifest.JSON
		readManifest(r, *manifest.JSON)
	}
	s.Files = fset.sorted()
	s.TestInputBytes = r.input.total
	fset.problems = append(fset.problems, nameCollisions(filePaths(s.Files))...)
	problems := append(fset.problems, r.problems...)
	return s, problems.Sorted()
}

// semver is the SemVer 2.0.0 grammar (semver.org's recommended expression).
var semver = regexp.MustCompile(`^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$`)

func readVersion(fset *fileSet, s *Suite) {
	f, err := fset.read(VersionFile)
	if errors.Is(err, fs.ErrNotExist) {
		fset.problems = append(fset.problems, Problem{Severity: Warning, File: VersionFile, Message: "absent: SDKs cannot record which revision of the suite they run (every command calls it \"" + Unversioned + "\")"})
		return
	}
	if err != nil {
		fset.fail(VersionFile, "cannot read: %v", unwrapPathError(err))
		return
	}
	s.HasVersion = true
	s.Version = strings.TrimSpace(string(f.Raw))
	if !semver.MatchString(s.Version) {
		fset.fail(VersionFile, "%q is not a SemVer version (e.g. 1.2.0 or 1.3.0-pre)", s.Version)
	}
}

// blockReaders maps each known top-level block to the function reading it.
var blockReaders = map[string]func(*reader, Value, Pointer){
	BlockCases:                readCases,
	BlockIdempotency:          readIdempotency,
	BlockSQS:                  readSQS,
	BlockASB:                  readASB,
	BlockPulsar:               readPulsar,
	BlockKafka:                readKafka,
	BlockArtemis:              readArtemis,
	BlockRedis:                readRedis,
	BlockRabbitMQ:             readRabbitMQ,
	BlockPayloadSchema:        readPayloadSchema,
	BlockRoundtrip:            readRoundtrip,
	BlockDataShape:            readDataShape,
	BlockForbiddenKeys:        readForbiddenKeys,
	BlockPayloadSchemaUnicode: readPayloadSchemaUnicode,
	BlockSettlement:           readSettlement,
	BlockRowErrors:            readRowErrors,
	BlockFailedWrites:         readFailedWrites,
	BlockProducer:             readProducer,
}

func readManifest(r *reader, doc Value) {
	top := r.object(doc, Pointer{})
	if top == nil {
		return
	}
	r.suite.SchemaVersion = top.integer("schema_version")
	if v, ok := doc.Get("schema_version"); ok && v.Kind == Number && r.suite.SchemaVersion != 1 {
		r.fail(Pointer{"schema_version"}, "must be 1, the only manifest schema version bqgen reads (got %s)", v.Text)
	}
	r.suite.Description = top.optStr("description")
	for _, m := range doc.Members {
		if read, ok := blockReaders[m.Key]; ok {
			read(r, m.Value, Pointer{m.Key})
		}
	}
	top.unknownMembers(append([]string{"schema_version", "$schema"}, KnownBlocks...)...)
}
