//go:build !unix

package agent

// readOnlyFS: where sw knows no read-only mount to test, none is found.
func readOnlyFS(string) bool { return false }
