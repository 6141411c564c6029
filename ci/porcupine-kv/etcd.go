package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/anishathalye/porcupine"
)

// nilValue is the register's value before any write (Jepsen logs it as nil).
const nilValue = -1

type casInput struct {
	fn       string // read, write or cas
	value    int    // write: the value; cas: the expected value
	newValue int    // cas: the value set
}

type casOutput struct {
	value   int  // read: the value seen
	unknown bool // :info, or never completed: any outcome
}

// readEtcdLog reads a Jepsen etcd log: "[LEVEL logger -] PROCESS :TYPE :F VALUE" per line. A :fail operation did
// not take effect and is dropped; an :info one and one never completed stay open to the end with any outcome.
func readEtcdLog(path string) ([]porcupine.Event, error) {
	file, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	var events []porcupine.Event
	dropped := map[int]bool{}
	open := map[int]int{} // process -> id of its pending call
	next := 0
	scanner := bufio.NewScanner(file)
	for scanner.Scan() {
		fields := strings.Fields(scanner.Text())
		if len(fields) > 3 && fields[2] == "-" {
			fields = fields[3:]
		}
		if len(fields) < 3 || strings.HasPrefix(fields[0], ":") {
			continue // the nemesis, or not an event
		}
		process, err := strconv.Atoi(fields[0])
		if err != nil {
			return nil, fmt.Errorf("%s: bad process %q", path, fields[0])
		}
		typ, fn, value := fields[1], strings.TrimPrefix(fields[2], ":"), strings.Join(fields[3:], " ")
		switch typ {
		case ":invoke":
			in := casInput{fn: fn}
			switch fn {
			case "write":
				in.value = parseValue(value)
			case "cas":
				pair := strings.Fields(strings.Trim(value, "[]"))
				if len(pair) != 2 {
					return nil, fmt.Errorf("%s: bad cas %q", path, value)
				}
				in.value, in.newValue = parseValue(pair[0]), parseValue(pair[1])
			}
			open[process] = next
			events = append(events, porcupine.Event{ClientId: process, Kind: porcupine.CallEvent, Value: in, Id: next})
			next++
		case ":ok":
			id := open[process]
			delete(open, process)
			events = append(events, porcupine.Event{ClientId: process, Kind: porcupine.ReturnEvent, Value: casOutput{value: parseValue(value)}, Id: id})
		case ":fail":
			dropped[open[process]] = true
			delete(open, process)
		case ":info":
			// stays open: returned at the end of the history
		}
	}
	events = returnPending(events, open, casOutput{unknown: true})
	kept := events[:0]
	for _, e := range events {
		if !dropped[e.Id] {
			kept = append(kept, e)
		}
	}
	return kept, scanner.Err()
}

func parseValue(s string) int {
	if s == "nil" || s == "" {
		return nilValue
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		return nilValue
	}
	return v
}

// casRegister is a register of ints read, written and compared-and-set; a cas that completed ok applied.
var casRegister = porcupine.Model{
	Init: func() interface{} { return nilValue },
	Step: func(state, input, output interface{}) (bool, interface{}) {
		current := state.(int)
		in := input.(casInput)
		out := output.(casOutput)
		switch in.fn {
		case "read":
			return out.unknown || out.value == current, current
		case "write":
			return true, in.value
		default: // cas
			if in.value != current {
				return out.unknown, current
			}
			return true, in.newValue
		}
	},
}
