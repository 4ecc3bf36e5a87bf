package atomicfile

import (
	"errors"
	"path/filepath"
	"testing"
	"time"
)

// TestLockWaitsThenGivesUp: while another open of the file holds its lock
// (in this process, as another sw's would), Lock answers ErrBusy once its
// wait is over; a Lock waiting when the holder lets go has the lock at
// once; and the waits given up on hold up nobody after.
func TestLockWaitsThenGivesUp(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lock")
	held, err := Lock(path, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if f, err := Lock(path, 20*time.Millisecond); !errors.Is(err, ErrBusy) {
			if err == nil {
				f.Close()
			}
			t.Fatalf("Lock of a file held: %v, want ErrBusy", err)
		}
	}
	letGo := time.Now().Add(50 * time.Millisecond)
	go func() {
		time.Sleep(time.Until(letGo))
		held.Close()
	}()
	again, err := Lock(path, 5*time.Second)
	if err != nil {
		t.Fatalf("Lock as its holder lets go: %v", err)
	}
	if time.Now().Before(letGo) {
		t.Error("Lock had the lock while its holder still held it")
	}
	again.Close()
	last, err := Lock(path, 5*time.Second)
	if err != nil {
		t.Fatalf("Lock after the waits given up on: %v", err)
	}
	last.Close()
}
