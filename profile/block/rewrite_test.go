package block

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// blk is a small block as Render makes them: markers, "\n" lines, no final
// line ending.
const blk = Begin + "\nnew profile\n" + End

func TestRewrite(t *testing.T) {
	crlfBlk := strings.ReplaceAll(blk, "\n", "\r\n")
	tests := []struct {
		name, in, want string
	}{
		{"missing or empty file", "", blk + "\n"},
		{"appended after a blank line", "# Rules\n", "# Rules\n\n" + blk + "\n"},
		{"no extra blank line", "# Rules\n\n", "# Rules\n\n" + blk + "\n"},
		{"no final newline stays missing", "# Rules", "# Rules\n\n" + blk},
		{"crlf file gets crlf block", "# Rules\r\nUse -ise.\r\n", "# Rules\r\nUse -ise.\r\n\r\n" + crlfBlk + "\r\n"},
		{"bom kept", "\xef\xbb\xbf# Rules\n", "\xef\xbb\xbf# Rules\n\n" + blk + "\n"},
		{"bom only", "\xef\xbb\xbf", "\xef\xbb\xbf" + blk + "\n"},
		{"replaced in the middle", "a\n" + Begin + "\nold\n" + End + "\nb\n", "a\n" + blk + "\nb\n"},
		{"replaced at the end without final newline", "a\n" + Begin + "\nold\n" + End, "a\n" + blk},
		{"replaced in crlf", "a\r\n" + Begin + "\r\nold\r\n" + End + "\r\nb\r\n", "a\r\n" + crlfBlk + "\r\nb\r\n"},
		{"mixed endings outside kept", "a\r\nb\n" + Begin + "\nold\n" + End + "\r\nc", "a\r\nb\n" + blk + "\r\nc"},
		{"bom and block on line one", "\xef\xbb\xbf" + Begin + "\nold\n" + End + "\n", "\xef\xbb\xbf" + blk + "\n"},
		{"short markers are markers", "<!-- sw:begin -->\nx\n<!-- sw:end -->\n", blk + "\n"},
		{"indented up to three spaces", "   <!-- sw:begin -->\nx\n  <!-- sw:end -->\n", blk + "\n"},
		{"empty block", Begin + "\n" + End + "\n", blk + "\n"},
		{"unchanged", "a\n" + blk + "\nb\n", "a\n" + blk + "\nb\n"},
		{"markers in a fenced block are text",
			"```\n<!-- sw:begin -->\n<!-- sw:end -->\n```\n",
			"```\n<!-- sw:begin -->\n<!-- sw:end -->\n```\n\n" + blk + "\n"},
		{"markers in a tilde fence, block after it",
			"~~~~md\n<!-- sw:end -->\n~~~\n~~~~\n" + Begin + "\nold\n" + End + "\n",
			"~~~~md\n<!-- sw:end -->\n~~~\n~~~~\n" + blk + "\n"},
		{"markers in an indented code block are text", "    <!-- sw:end -->\n", "    <!-- sw:end -->\n\n" + blk + "\n"},
		{"a tab-indented marker is in a code block: text", "\t<!-- sw:end -->\n", "\t<!-- sw:end -->\n\n" + blk + "\n"},
		{"spaces then a tab reach the code block's indent", "  \t<!-- sw:begin -->\n", "  \t<!-- sw:begin -->\n\n" + blk + "\n"},
		{"an indented quote of the block is text, the block is replaced",
			"Add this to CLAUDE.md:\n\n\t" + Begin + "\n\told\n\t" + End + "\n\n" + Begin + "\nold\n" + End + "\n",
			"Add this to CLAUDE.md:\n\n\t" + Begin + "\n\told\n\t" + End + "\n\n" + blk + "\n"},
		{"a list item's indented quote is text",
			"- keep this:\n\n      <!-- sw:begin -->\n      x\n      <!-- sw:end -->\n",
			"- keep this:\n\n      <!-- sw:begin -->\n      x\n      <!-- sw:end -->\n\n" + blk + "\n"},
		{"a tab-indented end marker inside the block is sw's text", Begin + "\nold\n\t" + End + "\n" + End + "\nafter\n", blk + "\nafter\n"},
		{"trailing spaces do not make a marker of its prefix", "<!-- sw:begin  \n", "<!-- sw:begin  \n\n" + blk + "\n"},
		{"a tab-indented fence is a code block, not a fence", "\t```\n" + Begin + "\nold\n" + End + "\n", "\t```\n" + blk + "\n"},
		{"fence inside the block is sw's", Begin + "\n```\n" + End + "\nafter\n", blk + "\nafter\n"},
		{"a lookalike is not a marker", "<!-- sw:beginning -->\n", "<!-- sw:beginning -->\n\n" + blk + "\n"},
		{"a note after the begin marker stays on its line",
			"a\n<!-- sw:begin --> kept by sw, do not edit\nold\n" + End + "\nb\n",
			"a\n" + Begin + " kept by sw, do not edit\nnew profile\n" + End + "\nb\n"},
		{"a note after the end marker stays on its line",
			"a\n" + Begin + "\nold\n<!-- sw:end --> (the rest is mine)\nb\n",
			"a\n" + blk + " (the rest is mine)\nb\n"},
		{"notes on both marker lines, in crlf",
			"<!-- sw:begin -->\tone\r\nold\r\n<!-- sw:end -->two  \r\n",
			strings.Replace(crlfBlk, "\r\n", "\tone\r\n", 1) + "two  \r\n"},
		{"the first --> ends the comment", "<!-- sw:begin -->-->\nold\n<!-- sw:end --> a --> b", Begin + "-->\nnew profile\n" + End + " a --> b"},
		{"a begin comment going on below its line is sw's",
			"<!-- sw:begin (by sw\nfrom profile/) -->\nold\n" + End + "\n", blk + "\n"},
		{"an end comment going on below its line: its close is kept",
			Begin + "\nold\n<!-- sw:end (and\nmore) -->\n", blk + "\nmore) -->\n"},
		{"a block below a fence never closed is still sw's",
			"# Notes\n```\nan example\n" + Begin + "\nold\n" + End + "\nafter\n",
			"# Notes\n```\nan example\n" + blk + "\nafter\n"},
		{"below two fences never closed, too", "````\n```\n" + Begin + "\nold\n" + End + "\n", "````\n```\n" + blk + "\n"},
		{"a closed fence below a slip still quotes markers",
			"```\n~~~\n" + End + "\n~~~\n" + Begin + "\nold\n" + End + "\n",
			"```\n~~~\n" + End + "\n~~~\n" + blk + "\n"},
		{"a fence never closed below the block is code",
			Begin + "\nold\n" + End + "\n```\n" + Begin + "\n",
			blk + "\n```\n" + Begin + "\n"},
		{"a fence opened on a list item's line quotes markers",
			"- ```\n  " + Begin + "\n  old\n  " + End + "\n  ```\n",
			"- ```\n  " + Begin + "\n  old\n  " + End + "\n  ```\n\n" + blk + "\n"},
		{"a fence left open in a list item quotes markers, and ends with the item",
			"- ```\n  " + Begin + "\n  old\n  " + End + "\n",
			"- ```\n  " + Begin + "\n  old\n  " + End + "\n\n" + blk + "\n"},
		{"nothing below a fence left open in a list item: the block goes after it",
			"- a\n\n  ```\n  x", "- a\n\n  ```\n  x\n\n" + blk},
		{"a fence in an HTML block is HTML, not a fence",
			"<details>\n```\n</details>\n\n" + Begin + "\nold\n" + End + "\n\n```\n" + End + "\n```\n",
			"<details>\n```\n</details>\n\n" + blk + "\n\n```\n" + End + "\n```\n"},
		{"a marker without a space before -->", "<!-- sw:begin--> mine\nold\n<!-- sw:end-->\n", Begin + " mine\nnew profile\n" + End + "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Rewrite("CLAUDE.md", []byte(tt.in), blk)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("got\n%q\nwant\n%q", got, tt.want)
			}
			again, err := Rewrite("CLAUDE.md", got, blk)
			if err != nil || !bytes.Equal(again, got) {
				t.Errorf("second rewrite changed the file: %q (%v)", again, err)
			}
		})
	}
}

func TestRewriteRefusesBrokenBlocks(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"begin without end", "a\n" + Begin + "\nb\n", "CLAUDE.md:2:1: broken sw block: an sw begin marker without an end marker below it"},
		{"end without begin", "a\nb\n" + End + "\n", "CLAUDE.md:3:1: broken sw block: an sw end marker without a begin marker above it"},
		{"end before begin", End + "\n" + Begin + "\n", "CLAUDE.md:1:1: broken sw block: an sw end marker without a begin marker"},
		{"two blocks", Begin + "\n" + End + "\n" + Begin + "\n" + End + "\n", "CLAUDE.md:3:1: broken sw block: a second sw block begins here"},
		{"two begins", Begin + "\n" + Begin + "\n" + End + "\n", "CLAUDE.md:2:1: broken sw block: a second begin marker before the block that began at line 1 ends"},
		{"nothing below a fence never closed", "a\n```\nb\n", "CLAUDE.md:2:1: a code fence opened here is never closed, so sw cannot append its block after it; close the fence"},
		{"an end marker below a fence never closed", "```\n" + End + "\n",
			"CLAUDE.md:2:1: broken sw block: an sw end marker without a begin marker above it; delete it, or restore the begin marker (the code fence opened at line 1 is never closed"},
		{"a begin marker below a fence never closed", "a\n~~~\n" + Begin + "\nold\n",
			"CLAUDE.md:3:1: broken sw block: an sw begin marker without an end marker below it; add " + End + " after the block, or delete the marker (the code fence opened at line 2 is never closed"},
		{"crlf line numbers", "a\r\nb\r\n" + End + "\r\n", "CLAUDE.md:3:1:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Rewrite("CLAUDE.md", []byte(tt.in), blk)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want %q", err, tt.want)
			}
		})
	}
}

// A file near MaxFileSize, the block in its middle, keeps every byte
// outside the block.
func TestRewriteLargeFile(t *testing.T) {
	var b bytes.Buffer
	for b.Len() < MaxFileSize/2-1000 {
		b.WriteString("A line of the person's own rules, kept exactly as written.\n")
	}
	head := b.String()
	in := head + Begin + "\nold\n" + End + "\n" + head
	start := time.Now()
	got, err := Rewrite("CLAUDE.md", []byte(in), blk)
	if err != nil {
		t.Fatal(err)
	}
	if want := head + blk + "\n" + head; string(got) != want {
		t.Fatalf("%d KB file: bytes outside the block changed", len(in)>>10)
	}
	t.Logf("rewrote a %d KB file in %v", len(in)>>10, time.Since(start))
}

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "CLAUDE.md")

	// Missing: created.
	changed, err := WriteFile(path, "CLAUDE.md", blk)
	if err != nil || !changed {
		t.Fatalf("create: %v %v", changed, err)
	}
	if got, _ := os.ReadFile(path); string(got) != blk+"\n" {
		t.Errorf("created %q", got)
	}

	// The mode is kept.
	if err := os.Chmod(path, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := WriteFile(path, "CLAUDE.md", Begin+"\nother\n"+End); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", fi.Mode().Perm())
	}

	// Unchanged: not written, mtime kept.
	old := time.Now().Add(-time.Hour).Truncate(time.Second)
	os.Chtimes(path, old, old)
	changed, err = WriteFile(path, "CLAUDE.md", Begin+"\nother\n"+End)
	if err != nil || changed {
		t.Fatalf("unchanged: %v %v", changed, err)
	}
	if fi, _ := os.Stat(path); !fi.ModTime().Equal(old) {
		t.Errorf("mtime moved to %v", fi.ModTime())
	}

	// Broken: untouched, no temporary file left behind.
	broken := []byte("x\n" + End + "\n")
	os.WriteFile(path, broken, 0o600)
	if _, err := WriteFile(path, "CLAUDE.md", blk); err == nil {
		t.Fatal("broken block accepted")
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, broken) {
		t.Errorf("broken file changed to %q", got)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("left behind: %v", entries)
	}

	// Read-only: left as it is, and said; unchanged, it is no error.
	os.WriteFile(path, []byte(blk+"\n"), 0o644)
	os.Chmod(path, 0o444)
	if _, err := WriteFile(path, "CLAUDE.md", Begin+"\nnew\n"+End); err == nil || !strings.Contains(err.Error(), "read-only") {
		t.Errorf("read-only: err = %v", err)
	}
	if got, _ := os.ReadFile(path); string(got) != blk+"\n" {
		t.Errorf("read-only file changed to %q", got)
	}
	if changed, err := WriteFile(path, "CLAUDE.md", blk); err != nil || changed {
		t.Errorf("read-only, block already there: %v %v", changed, err)
	}
}

func TestWriteFileFollowsSymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "shared-rules.md")
	os.WriteFile(target, []byte("# Shared\n"), 0o644)
	link := filepath.Join(dir, "CLAUDE.md")
	if err := os.Symlink("shared-rules.md", link); err != nil {
		t.Skip(err)
	}
	if _, err := WriteFile(link, "CLAUDE.md", blk); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Error("the symlink was replaced by a file")
	}
	if got, _ := os.ReadFile(target); !strings.Contains(string(got), "new profile") {
		t.Errorf("target not written: %q", got)
	}
}

func TestCurrent(t *testing.T) {
	got, ok, err := Current("CLAUDE.md", []byte("a\r\n"+strings.ReplaceAll(blk, "\n", "\r\n")+"\r\n"))
	if err != nil || !ok || got != blk {
		t.Errorf("Current = %q %v %v", got, ok, err)
	}
}

// Current returns the block as it stands in content, the tests' oracle (markers included,
// "\n" line endings, the person's note after the begin marker left out), and whether
// there is one.
func Current(file string, content []byte) (string, bool, error) {
	s, found, err := locate(file, content)
	if err != nil || !found {
		return "", false, err
	}
	text := string(content[s.start:s.noteStart]) + string(content[s.noteEnd:s.end])
	return strings.ReplaceAll(text, "\r\n", "\n"), true, nil
}
