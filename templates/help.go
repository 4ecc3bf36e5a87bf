package templates

import (
	"io/fs"
	"strings"
)

// helpDir holds the help topics, one Markdown page each: the reference
// `sw help TOPIC` prints, and the one source the README quotes from.
const helpDir = "files/help"

// Topic is one help page: its name, which `sw help` takes, and its title,
// the page's first heading.
type Topic struct {
	Name  string
	Title string
}

// Topics lists the help topics, by name.
func Topics() []Topic {
	entries, err := fs.ReadDir(files, helpDir)
	if err != nil {
		panic("templates: no help topics: " + err.Error())
	}
	var topics []Topic
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".md")
		if !ok || e.IsDir() {
			continue
		}
		page := Text("help/" + e.Name())
		first, _, _ := strings.Cut(page, "\n")
		topics = append(topics, Topic{Name: name, Title: strings.TrimPrefix(first, "# ")})
	}
	return topics
}

// Help is the page of the topic name, and whether there is one. Only a
// listed topic's name is looked up, so no name reaches another template.
func Help(name string) (page string, ok bool) {
	for _, t := range Topics() {
		if t.Name == name {
			return Text("help/" + name + ".md"), true
		}
	}
	return "", false
}
