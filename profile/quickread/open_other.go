//go:build !unix

package quickread

import "os"

// Open is os.Open where there is no cheaper way.
func Open(path string) (*os.File, error) { return os.Open(path) }

// ReadFile is os.ReadFile where there is no cheaper way.
func ReadFile(path string) ([]byte, error) { return os.ReadFile(path) }
