package collection

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"sw/profile/block"
)

// benchCollection makes a collection whose profile has n rules across the
// three layers.
func benchCollection(b *testing.B, n int) *Collection {
	b.Helper()
	root := b.TempDir()
	c := &Collection{Root: root, Settings: DefaultSettings()}
	for i := 0; i < n; i++ {
		dir := []string{"hard-limits", "preferences", "genres/essay"}[i%3]
		body := []string{
			fmt.Sprintf("avoid: [\"phrase %d\", \"another %d\"]\n", i, i),
			fmt.Sprintf("metric: {name: words_per_sentence, target: %d, min: 5, max: 60}\n", 10+i%20),
			fmt.Sprintf("prefer: [\"walk %d\"]\n", i),
		}[i%3]
		path := filepath.Join(root, "profile", dir, fmt.Sprintf("rule-%03d.yaml", i))
		os.MkdirAll(filepath.Dir(path), 0o777)
		text := fmt.Sprintf("id: rule-%03d\nrule: Rule %d, one sentence the agent reads.\n%snote: why it exists\n", i, i, body)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return c
}

// BenchmarkLoadResolveRender200 reads, parses and resolves 200 rule files
// and renders the block: what the pre-session hook pays.
func BenchmarkLoadResolveRender200(b *testing.B) {
	c := benchCollection(b, 200)
	b.ResetTimer()
	for b.Loop() {
		r, err := c.Profile().Resolve("essay")
		if err != nil {
			b.Fatal(err)
		}
		block.Render(r)
	}
}
