//go:build unix

package atomicfile

import (
	"bufio"
	"errors"
	"io"
	"os"
	"os/exec"
	"sync/atomic"
	"testing"
	"time"
)

// lockHolderEnv names the folder a child copy of the test binary locks
// (see TestLockDirHeldByAnotherProcess).
const lockHolderEnv = "SW_ATOMICFILE_LOCK_HOLDER"

// TestLockDirHeldByAnotherProcess: while another process (another sw,
// say) holds the folder's lock, LockDir gives up once its wait is over and
// answers ErrBusy; once that holder is killed, however abruptly, the next
// LockDir has the lock.
func TestLockDirHeldByAnotherProcess(t *testing.T) {
	if dir := os.Getenv(lockHolderEnv); dir != "" {
		holdUntilKilled(t, dir)
		return
	}
	dir := t.TempDir()
	holder := exec.Command(os.Args[0], "-test.run=^TestLockDirHeldByAnotherProcess$", "-test.count=1")
	holder.Env = append(os.Environ(), lockHolderEnv+"="+dir)
	out, err := holder.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	// The child reads its stdin to the end: should this test die before
	// killing it, the pipe closes and the child ends too.
	if _, err := holder.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	if err := holder.Start(); err != nil {
		t.Fatal(err)
	}
	defer holder.Wait()
	defer holder.Process.Kill()
	if line, err := bufio.NewReader(out).ReadString('\n'); line != "locked\n" {
		t.Fatalf("the holder did not take the lock: %q %v", line, err)
	}

	if unlock, err := LockDir(dir, 20*time.Millisecond); !errors.Is(err, ErrBusy) {
		if err == nil {
			unlock()
		}
		t.Fatalf("LockDir on a folder another process holds: err = %v, want ErrBusy", err)
	}

	holder.Process.Kill()
	holder.Wait()
	unlock, err := LockDir(dir, 5*time.Second)
	if err != nil {
		t.Fatalf("LockDir after its holder was killed: %v", err)
	}
	unlock()
}

// holdUntilKilled is the child's side: it takes the lock, says so, and
// keeps it until it is killed (or its parent is gone).
func holdUntilKilled(t *testing.T, dir string) {
	if _, err := LockDir(dir, time.Second); err != nil {
		t.Fatal(err)
	}
	os.Stdout.WriteString("locked\n")
	io.Copy(io.Discard, os.Stdin)
}

// TestLockDirWaitsForTheHolder: a LockDir that finds the folder locked by
// another open of it (here, in this process) waits, and has the lock as
// soon as the holder lets go, well within its wait.
func TestLockDirWaitsForTheHolder(t *testing.T) {
	dir := t.TempDir()
	unlock, err := LockDir(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	var unlocked atomic.Bool
	released := make(chan struct{})
	go func() {
		time.Sleep(50 * time.Millisecond)
		unlocked.Store(true)
		unlock()
		close(released)
	}()
	again, err := LockDir(dir, 5*time.Second)
	if err != nil {
		t.Fatalf("LockDir while the holder lets go: %v", err)
	}
	if !unlocked.Load() {
		t.Error("LockDir had the lock while its holder still held it")
	}
	again()
	<-released
}
