//go:build !unix

package confine

// openNoWait is nothing where named pipes are not files.
const openNoWait = 0
