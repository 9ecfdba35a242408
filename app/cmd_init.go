package app

import (
	"path/filepath"

	"github.com/babelqueue/bqgen/config"
	"github.com/babelqueue/bqgen/initdetect"
	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/babelqueue/bqgen/plan"
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
	if err := plan.CheckOutDir(c.String("dir")); err != nil {
		return err
	}
	if err := interrupted(c); err != nil {
		return err
	}
	dir := c.String("dir")
	info, below, err := initdetect.Find(lang, dir)
	if err != nil {
		return problemsErr("init: %v", err)
	}
	path := filepath.Join(dir, config.FileName)
	if err := initdetect.WriteNew(path, initdetect.StarterConfig(lang, info, below)); err != nil {
		return err
	}
	o, err := outputOf(c)
	if err != nil {
		return err
	}
	for _, found := range initdetect.Found(info, below) {
		o.Detail("%s", found)
	}
	o.Note("wrote %s: review its targets, then run bqgen generate", quote.Name(path))
	return nil
}
