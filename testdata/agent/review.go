package main

import (
	"encoding/json"
)

// dashboard is the part of `sw review --json` the scenarios read.
type dashboard struct {
	Pending []struct {
		ID string `json:"id"`
	} `json:"pending"`
	PiecesPending int `json:"pieces_pending"`
}

// dashboard reads `sw review --json` in dir.
func (w *world) dashboard(dir string) (*dashboard, error) {
	out, err := w.sw(dir, "review", "--json")
	if err != nil {
		return nil, err
	}
	var d dashboard
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		return nil, err
	}
	return &d, nil
}

// pending lists the ids of the suggestions pending in dir.
func (w *world) pending(dir string) ([]string, error) {
	d, err := w.dashboard(dir)
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, p := range d.Pending {
		ids = append(ids, p.ID)
	}
	return ids, nil
}
