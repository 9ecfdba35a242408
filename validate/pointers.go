package validate

import "github.com/babelqueue/bqgen/model"

// checkPointers makes sure every pointer a case asserts on exists in its
// fixture (roundtrip's expect_preserved, forbidden_keys' forbidden_key), so
// a misspelt pointer cannot make a test vacuous.
func checkPointers(s *model.Suite) model.Problems {
	var out model.Problems
	resolvers := map[string]*model.Resolver{} // by fixture: cases share them
	resolver := func(file string) *model.Resolver {
		if r, ok := resolvers[file]; ok {
			return r
		}
		doc, _ := fixtureJSON(s, file)
		resolvers[file] = model.NewResolver(doc)
		return resolvers[file]
	}
	if s.Roundtrip != nil {
		for _, c := range s.Roundtrip.Cases {
			doc := resolver(c.File)
			for _, p := range c.ExpectPreserved {
				if _, ok := doc.Resolve(p.Pointer); !ok {
					out = append(out, problemAt(c.At, model.Pointer{"expect_preserved", p.Pointer.String()}, "pointer does not exist in %s", c.File))
				}
			}
		}
	}
	if s.ForbiddenKeys != nil {
		for _, c := range s.ForbiddenKeys.Cases {
			if _, ok := resolver(c.File).Resolve(c.ForbiddenKey); !ok {
				out = append(out, problemAt(c.At, model.Pointer{"forbidden_key"}, "%s does not exist in %s", c.ForbiddenKey, c.File))
			}
		}
	}
	return out
}
