//go:build unix

package config

import (
	"fmt"
	"io/fs"
	"os"
	"os/user"
	"strconv"
	"syscall"
)

// checkOwner refuses a config that another user owns or may write.
func checkOwner(file string, info fs.FileInfo) error {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return nil // no owner to check on this system
	}
	if me := uint32(os.Geteuid()); st.Uid != me {
		return fmt.Errorf("%s is owned by %s, not by you, %s: bqgen obeys only a %s of your own, since it says where bqgen writes; if you trust this one, set %s=%s",
			file, userName(st.Uid), userName(me), FileName, TrustEnv, realPath(file))
	}
	if perm := info.Mode().Perm(); perm&0o002 != 0 || (perm&0o020 != 0 && !privateGroup(st.Uid, st.Gid)) {
		return fmt.Errorf("%s is writable by other users (%s): whoever can write a %s chooses where bqgen writes; run chmod go-w on it, or, if you trust it, set %s=%s",
			file, perm, FileName, TrustEnv, realPath(file))
	}
	return nil
}

// privateGroup reports whether gid is the user private group of uid: the
// user's primary group, named as the user. Systems that give every user one
// set umask 002, so files are group-writable with no other user in the group.
func privateGroup(uid, gid uint32) bool {
	u, err := user.LookupId(strconv.FormatUint(uint64(uid), 10))
	if err != nil {
		return false
	}
	g, err := user.LookupGroupId(strconv.FormatUint(uint64(gid), 10))
	return err == nil && u.Gid == g.Gid && u.Username == g.Name
}

// userName is "NAME (uid N)", or "uid N" for a uid without a name.
func userName(uid uint32) string {
	id := strconv.FormatUint(uint64(uid), 10)
	if u, err := user.LookupId(id); err == nil {
		return u.Username + " (uid " + id + ")"
	}
	return "uid " + id
}
