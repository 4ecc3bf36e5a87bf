//go:build !unix

package confine

import "errors"

func mkfifo(string) error { return errors.New("no named pipes here") }
