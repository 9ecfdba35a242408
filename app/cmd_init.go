package app

import (
	"errors"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/babelqueue/bqgen/config"
	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/urfave/cli/v2"
)

func initCommand() *cli.Command {
	return &cli.Command{
		Name:      "init",
		Usage:     "write a commented starter " + config.FileName + " for an SDK repository into DIR (default: here)",
		UsageText: "bqgen init --lang LANG [--dir DIR]",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "lang", Usage: "the SDK's `LANG`: " + langNames()},
			&cli.StringFlag{Name: "dir", Value: ".", Usage: "the repository root `DIR` to write " + config.FileName + " into"},
		},
		Action: runInit,
	}
}

func runInit(c *cli.Context) error {
	lang := c.String("lang")
	if lang == "" {
		return usageErr("--lang is required: the SDK's language, one of %s", langNames())
	}
	if _, err := Backends().Lookup(lang); err != nil {
		return usageErr("%v", err)
	}
	if err := checkOutDir(c.String("dir")); err != nil {
		return err
	}
	if err := interrupted(c); err != nil {
		return err
	}
	dir := c.String("dir")
	info, err := detectPackage(lang, dir)
	if err != nil {
		return problemsErr("init: %v", err)
	}
	var below map[string]*pkgInfo
	if info == nil || info.Block == "" {
		if below, err = transportPackagesBelow(lang, dir); err != nil {
			return problemsErr("init: %v", err)
		}
	}
	path := filepath.Join(dir, config.FileName)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return problemsErr("%s already exists: edit it, or remove it first", quote.Name(path))
	}
	if err != nil {
		return err
	}
	_, werr := f.WriteString(starterConfig(lang, info, below))
	if err := errors.Join(werr, f.Close()); err != nil {
		os.Remove(path)
		return err
	}
	o, err := outputOf(c)
	if err != nil {
		return err
	}
	if info != nil {
		o.Detail("found %s (%s)", quote.Name(info.File), describePackage(info))
	}
	for _, d := range slices.Sorted(maps.Keys(below)) {
		o.Detail("found %s/%s (the %s transport package)", quote.Name(d), quote.Name(below[d].File), below[d].Block)
	}
	o.Note("wrote %s: review its targets, then run bqgen generate", quote.Name(path))
	return nil
}

// describePackage says what init took the package for.
func describePackage(info *pkgInfo) string {
	switch {
	case info.Block != "":
		return "the " + info.Block + " transport package " + quote.Name(info.Name)
	case info.Workspace:
		return "a workspace of transport packages"
	}
	return "the core " + quote.Name(info.Name)
}
