package app

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

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
	fmt.Fprintf(c.App.Writer, "wrote %s: review its targets, then run bqgen generate\n", quote.Name(path))
	return nil
}
