package collection

import (
	"bytes"
	"fmt"
	"os"
	"strings"

	"gopkg.in/yaml.v3"

	"sw/profile/atomicfile"
)

// SetVoice makes .sw.yaml name the voice named (a path from the
// collection, or from ~/), changing only the voice line, or adding one
// at the end: the rest of the person's file is kept byte for byte.
func (c *Collection) SetVoice(named string) error {
	data, err := c.ReadFile(SettingsFile)
	if err != nil {
		return err
	}
	if _, err := ParseSettings(SettingsFile, data); err != nil {
		return err
	}
	value, err := yaml.Marshal(named)
	if err != nil {
		return err
	}
	line := append([]byte("voice: "), value...)
	var doc yaml.Node
	yaml.Unmarshal(data, &doc)
	lines := bytes.SplitAfter(data, []byte("\n"))
	if at, _ := position(&doc, "voice"); at > 0 && at <= len(lines) && isPlainVoiceLine(lines[at-1]) {
		// The line keeps its own ending: none, \n or \r\n.
		old := lines[at-1]
		line = append(bytes.TrimSuffix(line, []byte("\n")), old[len(bytes.TrimRight(old, "\r\n")):]...)
		lines[at-1] = line
		data = bytes.Join(lines, nil)
	} else {
		if at > 0 {
			return fmt.Errorf("%s:%d: the voice setting spans more than its line; write it as `voice: %s`", SettingsFile, at, strings.TrimSpace(string(value)))
		}
		if len(data) > 0 && !bytes.HasSuffix(data, []byte("\n")) {
			data = append(data, '\n')
		}
		data = append(data, line...)
	}
	if _, err := ParseSettings(SettingsFile, data); err != nil {
		return err
	}
	path, err := c.File(SettingsFile)
	if err != nil {
		return err
	}
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	return atomicfile.Write(path, data, fi.Mode().Perm())
}

// isPlainVoiceLine says whether line is a whole `voice: value` setting
// on one line, which SetVoice may replace.
func isPlainVoiceLine(line []byte) bool {
	var v struct{ Voice *string }
	return bytes.HasPrefix(line, []byte("voice:")) && yaml.Unmarshal(line, &v) == nil && v.Voice != nil
}
