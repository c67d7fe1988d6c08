package main

import (
	"os"
	"strconv"
	"strings"
	"time"
)

// userHZ is the unit of /proc's process times: USER_HZ, 100 on every
// Linux architecture.
const userHZ = 100

// forkedBy is a moment no earlier than when the shell started this
// process, from /proc: its start in clock ticks after boot (rounded down
// to the tick, so one tick is added) and the time since boot (rounded down
// to the hundredth). It is earlier than processStarted when the process
// waited for a busy machine before its Go code ran, which for two commands
// typed at once can be longer than the first takes to record its entry.
// ok is false when /proc cannot say.
//
// It is an upper bound: both counts are rounded down, and the clock is
// read last. A command run after another has finished never counts the
// other's entry as made after it was typed.
func forkedBy() (at time.Time, ok bool) {
	stat, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		return time.Time{}, false
	}
	up, err := os.ReadFile("/proc/uptime")
	if err != nil {
		return time.Time{}, false
	}
	// The command's name (field 2) is in parentheses and may hold spaces:
	// the fields are counted after its closing one. starttime is field 22.
	i := strings.LastIndexByte(string(stat), ')')
	if i < 0 {
		return time.Time{}, false
	}
	fields := strings.Fields(string(stat)[i+1:])
	if len(fields) < 20 {
		return time.Time{}, false
	}
	ticks, err := strconv.ParseUint(fields[19], 10, 64)
	if err != nil {
		return time.Time{}, false
	}
	upSecs, _, _ := strings.Cut(string(up), " ")
	uptime, err := strconv.ParseFloat(upSecs, 64)
	if err != nil {
		return time.Time{}, false
	}
	// The clock is read after the uptime, never before: were this process
	// held up between the two, the start would come out too early.
	now := time.Now()
	sinceStart := time.Duration(uptime*float64(time.Second)) - time.Duration(ticks+1)*time.Second/userHZ
	return now.Add(-sinceStart), true
}
