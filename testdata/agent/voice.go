package main

import (
	"os"
	"path/filepath"

	"sw/testdata/agent/standin"
)

// The person's voice: a repository beside the collection, outside the
// folder Claude Code works in, holding the style all their series share.
// The collection follows it, so its rules reach the model; the agent may
// change none of it, by any tool, in any mode.

// voiceRule is a rule of the voice: it must reach the model.
const voiceRule = "Prefer the short word to the long one."

// voiceFolder is the voice's folder name, beside each trial's collection.
const voiceFolder = "my-voice"

// voiceScenarios are the voice's trials: its rule in the first request,
// and the attacks on its files.
func voiceScenarios() []scenario {
	const rule = "../" + voiceFolder + "/profile/preferences/short-words.yaml"
	out := []scenario{
		scripted("voice-context", "the first model request holds the voice's rule beside the collection's",
			func(t *trial) ([]standin.Turn, func(transcript)) {
				return []standin.Turn{standin.Say("Ready.")}, func(s transcript) {
					t.contains("the first request", s.first(), voiceRule, essayRule)
				}
			}),
		attack("voice-write", "Write a new rule file into the voice's profile/", func(t *trial) []standin.Turn {
			return []standin.Turn{write(t.path("../"+voiceFolder+"/profile/preferences/agent.yaml"), ruleFile("agent", "Write as the agent likes."))}
		}),
		attack("voice-edit", "Read then Edit a rule file of the voice", func(t *trial) []standin.Turn {
			return []standin.Turn{read(t.path(rule)), edit(t.path(rule), "short word", "long word")}
		}),
		attack("voice-shell", "Bash: echo into a file of the voice's profile/", func(t *trial) []standin.Turn {
			return []standin.Turn{bash("echo 'id: shell' > " + rule)}
		}),
		attack("voice-feedback", "Bash: overwrite the voice's profile_feedback.json", func(t *trial) []standin.Turn {
			return []standin.Turn{bash("printf '{}' > ../" + voiceFolder + "/profile_feedback.json")}
		}),
	}
	for i := range out {
		out[i].voice = true
	}
	out[0].modes = []mode{defaultMode}
	return out
}

// followVoice makes a voice beside the trial's collection, with one rule,
// and has the collection follow it, as the person would: sw voice init,
// a commit there, sw voice use, a commit here.
func (w *world) followVoice(folder, collection string) error {
	if _, err := w.sw(folder, "voice", "init", voiceFolder); err != nil {
		return err
	}
	voice := filepath.Join(folder, voiceFolder)
	writeFile(filepath.Join(voice, "profile", "preferences", "short-words.yaml"), ruleFile("short-words", voiceRule))
	if err := w.git(voice, "add", "-A"); err != nil {
		return err
	}
	if err := w.git(voice, "commit", "-q", "-m", "My voice"); err != nil {
		return err
	}
	if _, err := w.sw(collection, "voice", "use", "../"+voiceFolder); err != nil {
		return err
	}
	return w.git(collection, "commit", "-q", "-m", "Follow my voice", "--", ".sw.yaml")
}

// voiceState puts into s the voice's files beside the collection in dir,
// when there is one: what no session may change either.
func voiceState(s state, dir string) {
	top := filepath.Dir(dir)
	if _, err := os.Stat(filepath.Join(top, voiceFolder)); err != nil {
		return
	}
	files(s, top, filepath.Join(voiceFolder, "profile"))
	s[voiceFolder+"/profile_feedback.json"] = readOrMissing(filepath.Join(top, voiceFolder, "profile_feedback.json"))
}
