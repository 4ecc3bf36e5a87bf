package facts

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// classifyEntry reads one entry; ok is false for a fact. why names the kind of
// judgment, what it is about, and the cues matched.
func classifyEntry(entry string) (why string, ok bool) {
	j, ok := classify(entry)
	return j.why(), ok
}

// fixtureStyle is every style judgment in testdata/automemory, by file and
// line, with what its reason must name. Every other entry there is a fact,
// and must not be reported.
var fixtureStyle = map[string]string{
	"MEMORY.md:28":         "tone",
	"MEMORY.md:32":         "paragraph length",
	"MEMORY.md:33":         "punctuation",
	"MEMORY.md:34":         "tone",
	"MEMORY.md:35":         "punctuation",
	"MEMORY.md:36":         "house-style rule about spelling",
	"MEMORY.md:37":         "openings and endings",
	"MEMORY.md:38":         "word choice",
	"MEMORY.md:39":         "person",
	"MEMORY.md:40":         "sentence length",
	"MEMORY.md:41":         "punctuation",
	"MEMORY.md:42":         "house-style rule about piece length",
	"MEMORY.md:43":         "word choice",
	"MEMORY.md:44":         "writing style",
	"MEMORY.md:45":         "word choice",
	"feedback_style.md:3":  "tone",
	"feedback_style.md:7":  "punctuation",
	"feedback_style.md:10": "sentence length",
}

func TestAuditFixture(t *testing.T) {
	a, err := AuditAutoMemory(filepath.Join("testdata", "automemory"))
	if err != nil {
		t.Fatal(err)
	}
	// MEMORY.md has 36 lines of text under its headings; the style topic
	// file a name, a description and three lines; the project one a name,
	// a description and four items (its type fields and code block are
	// not entries).
	if want := 36 + 5 + 6; a.Entries != want {
		t.Errorf("read %d entries, want %d", a.Entries, want)
	}
	found := map[string]bool{}
	for _, f := range a.Findings {
		at := fmt.Sprintf("%s:%d", f.File, f.Line)
		found[at] = true
		want, ok := fixtureStyle[at]
		if !ok {
			t.Errorf("%s reported, but it is a fact: %s (%s)", at, f.Text, f.Why)
			continue
		}
		if !strings.Contains(f.Why, want) || !strings.Contains(f.Why, `"`) {
			t.Errorf("%s: why = %q, want it to name %q and the cues it matched", at, f.Why, want)
		}
		if got := fixtureLine(t, f.File, f.Line); f.Text != got {
			t.Errorf("%s: text = %q, want the line as written, %q", at, f.Text, got)
		}
	}
	for at := range fixtureStyle {
		if !found[at] {
			file, line, _ := strings.Cut(at, ":")
			var n int
			fmt.Sscan(line, &n)
			t.Errorf("%s not reported: %s", at, fixtureLine(t, file, n))
		}
	}
	var order []string
	for _, f := range a.Findings {
		if len(order) == 0 || order[len(order)-1] != f.File {
			order = append(order, f.File)
		}
	}
	if want := []string{"MEMORY.md", "feedback_style.md"}; !slices.Equal(order, want) {
		t.Errorf("files in order %q, want MEMORY.md first, then the topic files by name: %q", order, want)
	}
}

func fixtureLine(t *testing.T, file string, line int) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "automemory", file))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	if line < 1 || line > len(lines) {
		return ""
	}
	return lines[line-1]
}

// TestClassifyFacts holds facts an auto memory plausibly keeps, each with
// a word that could pass for a style cue, to not being reported.
func TestClassifyFacts(t *testing.T) {
	for _, fact := range []string{
		"Prefers to be called Sam.",
		"The project is called Atlas.",
		"Deadline is Friday.",
		"Sam's pronouns are they/them; never use she.",
		"Prefers short answers in chat, no summaries at the end.",
		"Keep status updates to one sentence.",
		"Commit messages: imperative mood, no period at the end of the subject.",
		"Code style: gofmt, no long functions.",
		"Sam covers courts; the Lisbon case ended in a suspended sentence, do not name the defendant.",
		"Sam teaches a course on sentence diagramming; not on Fridays.",
		"The house style guide is at docs/style.md; never edit it.",
		"Always ask before quoting anyone by name.",
		"Never change the words of a quotation.",
		"Sam is chatty in meetings.",
		"Sam has a warm, dry sense of humour.",
		"Likes casual Fridays and long walks.",
		"The editor wants first drafts by the 1st of each month.",
		"The journal requires invoices within 30 days.",
		"Sam lost her voice last week; no calls until Monday.",
		"Uses a voice memo app to record interviews.",
		"Sam's first book, 'Short Sentences, Long Days', came out in 2021.",
		"Title of the next piece: \"Too Long, Didn't Read\" (agreed with the editor).",
		"Never run `make publish --short` without asking.",
		"Sam wants to write more long-form pieces and fewer news briefs.",
		"The opening of the new lab is on 3 June; Sam should attend.",
		"Sam prefers tea over coffee.",
		"Don't sign contracts with non-compete clauses.",
		"Sam was in a tax bracket change this year; no invoices in December.",
		"Sam had colon surgery in 2024; no travel before May.",
		"The newsletter has 4,000 subscribers; it should reach 5,000 by June.",
		"Correction: the aquarium opened in 1998, not 1996.",
		"Agreed: the agent drafts, Sam edits; never publish without Sam.",
		"Use pnpm, not npm.",
		"Sam prefers email over Slack for feedback on drafts.",
		"Likes emoji reactions on Slack.",
		"Run make preview to render the site; the preview reads posts/.",
		"Interviews are in Portuguese; always translate quotes into English.",
		"Sam's co-author Luis prefers to be credited as L. Ferreira.",
		"Sam's full name is Samantha Okafor.",
		"Keep the drafts/ folder out of git.",
		"Voice memo: record interviews on the phone, never on the laptop.",
		"Prefers \"Sam\" to \"Samantha\".",
		"Keep replies under five sentences.",
		"Commits: no exclamation marks in the subject line.",
		"Never change a source's name; pronouns as the source gives them, in every sentence.",
		"The 'Field Notes' newsletter: never more than one issue a week.",
		"Sam's essay on tone-deaf policy won an award; do not re-argue it.",
	} {
		if why, ok := classifyEntry(fact); ok {
			t.Errorf("fact reported as style: %q (%s)", fact, why)
		}
	}
}

// TestClassifyStyle holds writing-style judgments, in the forms an agent
// files them, to being reported for the right aspect.
func TestClassifyStyle(t *testing.T) {
	for judgment, what := range map[string]string{
		"Prefers short paragraphs.":                           "a preference about paragraph length",
		"Sam likes sentences under 20 words.":                 "a preference about sentence length",
		"Hates semicolons.":                                   "a dislike about punctuation",
		"Never use em dashes.":                                "a rule about punctuation",
		"Tone should be warm and a little wry.":               "a rule about tone",
		"Drafts read too formal; keep it conversational.":     "tone",
		"Avoid the phrase 'at the end of the day'.":           "word choice",
		"Says \"use\" rather than \"utilise\".":               "word choice",
		"Prefers active voice; avoid passives.":               "a preference about voice",
		"Voice: dry, understated, never gushing.":             "voice",
		"Write in the second person for how-to pieces.":       "person",
		"Uses American spelling.":                             "spelling",
		"Use sentence case for headings.":                     "spelling and capitalisation",
		"No bullet points in essays.":                         "headings and lists",
		"End every essay with a concrete image.":              "openings and endings",
		"Keep pieces under 1,200 words.":                      "piece length",
		"The magazine's house style: no Oxford comma.":        "a house-style rule about punctuation",
		"Vary the rhythm; too many short sentences in a row.": "rhythm",
		"Dislikes italics for emphasis.":                      "emphasis and formatting",
		"Pieces should read like a letter to a friend.":       "writing style",
		"Sam finds the agent's drafts wordy; cut adverbs.":    "word choice",
		"Prefers plain English over jargon.":                  "word choice",
		"Likes punchy openers.":                               "openings and endings",
		"The prose should be spare; no adjectives piled up.":  "writing style",
		"Too many exclamation marks in the last draft.":       "punctuation",
		"Doesn't like contractions in reviews.":               "word choice",
		"Prefers a casual tone in the newsletter.":            "tone",
		"Keep the essays short.":                              "piece length",
		"Hedging annoys Sam: state claims plainly.":           "tone",
	} {
		why, ok := classifyEntry(judgment)
		if !ok {
			t.Errorf("not reported: %q", judgment)
			continue
		}
		if !strings.Contains(why, what) {
			t.Errorf("%q: why = %q, want it to name %q", judgment, why, what)
		}
	}
}

func TestMemoryEntries(t *testing.T) {
	text := "---\nname: Style\ndescription: \"how Sam writes\"\ntype: feedback\n---\n" +
		"# Heading\n\n<!-- a comment\nover two lines -->\n" +
		"- one\n  * two\n1. three\n> four\n| five | six |\n|---|---|\n- [ ] seven\n\n```\ncode\n```\n    ---\nlast\n" +
		"\nA setext heading\n---\n- ```\n  - in a list item's code\n  ```\n<details>\n- in html\n</details>\n"
	var got []string
	for _, e := range autoEntries([]byte(text)) {
		got = append(got, fmt.Sprintf("%d %s", e.line, e.text))
	}
	want := []string{"2 Style", "3 how Sam writes", "10 one", "11 two", "12 three", "13 four", "14 five six", "16 seven", "22 last"}
	if !slices.Equal(got, want) {
		t.Errorf("entries:\n%q\nwant\n%q", got, want)
	}
}

func TestProjectSlug(t *testing.T) {
	for path, want := range map[string]string{
		"/home/sam/my series_v2.0":     "-home-sam-my-series-v2-0",
		"/Users/sam/Notes/Field-Notes": "-Users-sam-Notes-Field-Notes",
		"/home/sam/café":               "-home-sam-caf-",
		"/home/sam/notes 🌊":            "-home-sam-notes---",
		`C:\Users\sam\series`:          "C--Users-sam-series",
	} {
		if got := ProjectSlug(path); got != want {
			t.Errorf("ProjectSlug(%q) = %q, want %q", path, got, want)
		}
	}
}

// world is a home, a config folder and a project, in a temporary folder.
type world struct {
	t                   *testing.T
	home, project, conf string
	env                 map[string]string
	managed             string
}

func newWorld(t *testing.T, project string) *world {
	base := t.TempDir()
	w := &world{t: t, home: filepath.Join(base, "home"), project: filepath.Join(base, project), env: map[string]string{}}
	w.conf = filepath.Join(w.home, ".claude")
	w.mkdir(w.project)
	return w
}

func (w *world) mkdir(dir string) string {
	w.t.Helper()
	if err := os.MkdirAll(dir, 0o777); err != nil {
		w.t.Fatal(err)
	}
	return dir
}

func (w *world) write(file, content string) {
	w.t.Helper()
	w.mkdir(filepath.Dir(file))
	if err := os.WriteFile(file, []byte(content), 0o666); err != nil {
		w.t.Fatal(err)
	}
}

func (w *world) locate() *AutoMemory {
	w.t.Helper()
	am, err := LocateAutoMemory(w.project, AutoMemoryEnv{
		Getenv:          func(k string) string { return w.env[k] },
		Home:            w.home,
		ManagedSettings: w.managed,
	})
	if err != nil {
		w.t.Fatal(err)
	}
	return am
}

func (w *world) defaultFolder() string {
	return filepath.Join(w.conf, "projects", ProjectSlug(w.project), "memory")
}

func TestLocateDefault(t *testing.T) {
	w := newWorld(t, "my series_v2.0")
	am := w.locate()
	if am.Folder != "" || !slices.Equal(am.Looked, []string{w.defaultFolder()}) {
		t.Fatalf("no folder yet: got %q, looked in %q, want nothing found in %q", am.Folder, am.Looked, w.defaultFolder())
	}
	if !strings.Contains(w.defaultFolder(), "-my-series-v2-0"+string(filepath.Separator)) {
		t.Errorf("slug folder %q does not end in the project's name with its space, underscore and dot as dashes", w.defaultFolder())
	}
	w.mkdir(w.defaultFolder())
	if am := w.locate(); am.Folder != w.defaultFolder() || am.From != "the default location" {
		t.Errorf("got %q from %q, want %q from the default location", am.Folder, am.From, w.defaultFolder())
	}
}

func TestLocateConfigDir(t *testing.T) {
	w := newWorld(t, "series")
	w.mkdir(w.defaultFolder()) // under ~/.claude: not where Claude Code looks now
	w.conf = filepath.Join(filepath.Dir(w.home), "elsewhere")
	w.env["CLAUDE_CONFIG_DIR"] = w.conf
	if am := w.locate(); am.Folder != "" || am.Looked[0] != w.defaultFolder() {
		t.Fatalf("with CLAUDE_CONFIG_DIR, got %q, looked in %q, want nothing found in %q", am.Folder, am.Looked, w.defaultFolder())
	}
	w.mkdir(w.defaultFolder())
	if am := w.locate(); am.Folder != w.defaultFolder() {
		t.Errorf("got %q, want %q", am.Folder, w.defaultFolder())
	}
	// The user's settings live in the config folder too.
	w.write(filepath.Join(w.conf, "settings.json"), `{"autoMemoryDirectory": "~/notes/memory"}`)
	if am := w.locate(); am.Folder != "" || am.Looked[0] != filepath.Join(w.home, "notes", "memory") {
		t.Errorf("settings in CLAUDE_CONFIG_DIR: got %q, looked in %q", am.Folder, am.Looked)
	}
}

func TestLocateSettings(t *testing.T) {
	w := newWorld(t, "series")
	w.mkdir(w.defaultFolder())
	userDir := w.mkdir(filepath.Join(w.home, "sync", "memory"))
	localDir := w.mkdir(filepath.Join(w.home, "local memory"))
	managedDir := w.mkdir(filepath.Join(w.home, "managed"))
	user := filepath.Join(w.conf, "settings.json")
	local := filepath.Join(w.project, ".claude", "settings.local.json")
	shared := filepath.Join(w.project, ".claude", "settings.json")

	// The shared project settings cannot move it.
	w.write(shared, `{"autoMemoryDirectory": "`+filepath.ToSlash(localDir)+`", "hooks": {}}`)
	am := w.locate()
	if am.Folder != w.defaultFolder() || len(am.Notes) != 1 || !strings.Contains(am.Notes[0], "shared settings") {
		t.Errorf("shared project settings: got %q, notes %q; want the default folder and a note", am.Folder, am.Notes)
	}

	// The user's settings can, with ~ for home.
	w.write(user, `{"model": "x", "autoMemoryDirectory": "~/sync/memory"}`)
	if am := w.locate(); am.Folder != userDir || am.From != "autoMemoryDirectory in "+user {
		t.Errorf("user settings: got %q from %q, want %q", am.Folder, am.From, userDir)
	}

	// The project's local settings win over the user's.
	w.write(local, `{"autoMemoryDirectory": "`+filepath.ToSlash(localDir)+`"}`)
	if am := w.locate(); am.Folder != localDir {
		t.Errorf("local settings: got %q, want %q", am.Folder, localDir)
	}

	// The managed policy wins over both.
	w.managed = filepath.Join(w.home, "managed-settings.json")
	w.write(w.managed, `{"autoMemoryDirectory": "`+filepath.ToSlash(managedDir)+`"}`)
	if am := w.locate(); am.Folder != managedDir {
		t.Errorf("managed settings: got %q, want %q", am.Folder, managedDir)
	}
	w.managed = ""

	// A relative path is set aside, said so, and the next setting read.
	w.write(local, `{"autoMemoryDirectory": "memory"}`)
	if am := w.locate(); am.Folder != userDir || len(am.Notes) != 1 || !strings.Contains(am.Notes[0], `"memory" set aside`) {
		t.Errorf("relative local setting: got %q, notes %q", am.Folder, am.Notes)
	}

	// A setting naming a folder that is not there: no auto memory, and
	// the default folder is not taken in its place.
	w.write(local, `{"autoMemoryDirectory": "~/gone"}`)
	if am := w.locate(); am.Folder != "" || !slices.Equal(am.Looked, []string{filepath.Join(w.home, "gone")}) {
		t.Errorf("missing folder: got %q, looked in %q", am.Folder, am.Looked)
	}

	// Settings that are not JSON are an error naming the file.
	w.write(local, `{"autoMemoryDirectory": `)
	_, err := LocateAutoMemory(w.project, AutoMemoryEnv{Getenv: func(string) string { return "" }, Home: w.home})
	if err == nil || !strings.Contains(err.Error(), local) {
		t.Errorf("broken settings: err = %v, want one naming %s", err, local)
	}
}

func TestLocateSymlinkedProject(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	w := newWorld(t, "real")
	real := w.project
	w.project = filepath.Join(filepath.Dir(real), "link")
	if err := os.Symlink(real, w.project); err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(w.conf, "projects", ProjectSlug(real), "memory")
	w.mkdir(want)
	if am := w.locate(); am.Folder != want || len(am.Looked) != 2 {
		t.Errorf("got %q, looked in %q, want %q found under the real path", am.Folder, am.Looked, want)
	}
}

func TestLocateLongSlug(t *testing.T) {
	w := newWorld(t, strings.Repeat("long-folder-name/", 14)+"series")
	slug := ProjectSlug(w.project)
	if len(slug) <= maxSlug {
		t.Fatalf("slug %d long, want over %d", len(slug), maxSlug)
	}
	if am := w.locate(); am.Folder != "" || !strings.HasSuffix(am.Looked[0], slug[:maxSlug]+"-*"+string(filepath.Separator)+"memory") {
		t.Fatalf("got %q, looked in %q", am.Folder, am.Looked)
	}
	want := w.mkdir(filepath.Join(w.conf, "projects", slug[:maxSlug]+"-1a2b3c", "memory"))
	if am := w.locate(); am.Folder != want {
		t.Errorf("got %q, want %q", am.Folder, want)
	}
}

func TestAuditProjectText(t *testing.T) {
	w := newWorld(t, "series")
	env := AutoMemoryEnv{Getenv: func(string) string { return "" }, Home: w.home}
	a, err := AuditProject(w.project, env)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := a.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if want := "sw: no auto memory for this repository (looked in " + w.defaultFolder() + ")\n"; b.String() != want {
		t.Errorf("no folder:\n%s\nwant\n%s", b.String(), want)
	}

	w.mkdir(w.defaultFolder())
	w.write(filepath.Join(w.defaultFolder(), "MEMORY.md"), "# Memory\n\n- Deadline is Friday.\n- Prefers short paragraphs.\n")
	if a, err = AuditProject(w.project, env); err != nil {
		t.Fatal(err)
	}
	b.Reset()
	if err := a.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	want := "auto memory: " + w.defaultFolder() + " (the default location)\n" +
		`MEMORY.md:4: a preference about paragraph length or shape ("prefers", "paragraphs"): - Prefers short paragraphs.` + "\n" +
		"1 of 2 entries files a writing-style judgment: style lives in profile/, not in the agent's notes. Remove these lines from the auto memory; write any you want kept as a rule in profile/.\n"
	if b.String() != want {
		t.Errorf("one finding:\n%s\nwant\n%s", b.String(), want)
	}

	w.write(filepath.Join(w.defaultFolder(), "MEMORY.md"), "- Deadline is Friday.\n")
	a, _ = AuditProject(w.project, env)
	b.Reset()
	a.WriteText(&b)
	if !strings.HasSuffix(b.String(), "\n1 entry, none a writing-style judgment\n") {
		t.Errorf("no finding:\n%s", b.String())
	}
}
