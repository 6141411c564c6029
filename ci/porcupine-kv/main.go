// Command porcupinekv times Porcupine (github.com/anishathalye/porcupine) on Jepsen key-value histories with
// string append, so that ci/lin-kv.sh can print its verdicts and checking times beside rda lin check's, and
// (-model etcd) on Jepsen's etcd logs of a compare-and-set register, so that ci/lin-etcd.sh can time Porcupine's
// whole process beside rda's. Written for RDA Suite; Porcupine itself is fetched and built by the scripts, never
// committed.
//
//	porcupinekv [-model kv|etcd] [-repeat N] FILE...
//
// prints one line per file: name, LINEARIZABLE or NOT_LINEARIZABLE, first-pass nanoseconds, best-of-N nanoseconds
// (parsing excluded).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"time"

	"github.com/anishathalye/porcupine"
)

type request struct {
	fn    string // get, put or append
	key   string
	value string
}

type reply struct {
	value string
}

// eventPattern matches one EDN map of the histories: process, type, f, key and value (nil or a string).
var eventPattern = regexp.MustCompile(`^\{:process (\d+), :type :(\w+), :f :(\w+), :key "([^"]*)", :value (nil|"[^"]*")\}$`)

func readEvents(path string) ([]porcupine.Event, error) {
	file, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	var events []porcupine.Event
	open := map[int]int{} // process -> id of its pending call
	next := 0
	scanner := bufio.NewScanner(file)
	scanner.Buffer(make([]byte, 1<<20), 1<<24)
	for scanner.Scan() {
		m := eventPattern.FindStringSubmatch(scanner.Text())
		if m == nil {
			continue
		}
		process, _ := strconv.Atoi(m[1])
		value := ""
		if m[5] != "nil" {
			value = m[5][1 : len(m[5])-1]
		}
		switch m[2] {
		case "invoke":
			open[process] = next
			events = append(events, porcupine.Event{ClientId: process, Kind: porcupine.CallEvent, Value: request{m[3], m[4], value}, Id: next})
			next++
		case "ok":
			id, ok := open[process]
			if !ok {
				return nil, fmt.Errorf("%s: process %d completes nothing", path, process)
			}
			delete(open, process)
			events = append(events, porcupine.Event{ClientId: process, Kind: porcupine.ReturnEvent, Value: reply{value}, Id: id})
		}
	}
	return returnPending(events, open, reply{}), scanner.Err()
}

// returnPending returns the calls never completed (open: process -> id of its call) at the end of the history, with
// output, in process order (a map's order would vary between runs): they stay open to the end.
func returnPending(events []porcupine.Event, open map[int]int, output interface{}) []porcupine.Event {
	pending := make([]int, 0, len(open))
	for process := range open {
		pending = append(pending, process)
	}
	sort.Ints(pending)
	for _, process := range pending {
		events = append(events, porcupine.Event{ClientId: process, Kind: porcupine.ReturnEvent, Value: output, Id: open[process]})
	}
	return events
}

// byKey splits a history's events per key, keys in sorted order (a map's order would vary between runs).
func byKey(history []porcupine.Event) [][]porcupine.Event {
	keyOf := map[int]string{}
	parts := map[string][]porcupine.Event{}
	for _, e := range history {
		if e.Kind == porcupine.CallEvent {
			keyOf[e.Id] = e.Value.(request).key
		}
		k := keyOf[e.Id]
		parts[k] = append(parts[k], e)
	}
	keys := make([]string, 0, len(parts))
	for k := range parts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make([][]porcupine.Event, 0, len(keys))
	for _, k := range keys {
		out = append(out, parts[k])
	}
	return out
}

// stringAppendKv is one key of a map from strings to strings; a missing key reads "".
var stringAppendKv = porcupine.Model{
	PartitionEvent: byKey,
	Init:           func() interface{} { return "" },
	Step: func(state, input, output interface{}) (bool, interface{}) {
		current := state.(string)
		in := input.(request)
		switch in.fn {
		case "get":
			return output.(reply).value == current, current
		case "put":
			return true, in.value
		default:
			return true, current + in.value
		}
	},
	// a hash lets Porcupine's cache compare states cheaply (its README's advice for fast checking)
	Hash: func(state interface{}) uint64 {
		h := fnv.New64a()
		h.Write([]byte(state.(string)))
		return h.Sum64()
	},
}

func main() {
	repeat := flag.Int("repeat", 1, "check every file this many times; the best time is reported as well")
	modelName := flag.String("model", "kv", "kv (string-append key-value EDN histories) or etcd (Jepsen etcd logs)")
	flag.Parse()
	model, read := stringAppendKv, readEvents
	switch *modelName {
	case "kv":
	case "etcd":
		model, read = casRegister, readEtcdLog
	default:
		fmt.Fprintln(os.Stderr, "-model: kv or etcd, not", *modelName)
		os.Exit(2)
	}
	for _, path := range flag.Args() {
		events, err := read(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		var first, best time.Duration
		linearizable := false
		for pass := 0; pass < *repeat; pass++ {
			start := time.Now()
			linearizable = porcupine.CheckEvents(model, events)
			took := time.Since(start)
			if pass == 0 {
				first, best = took, took
			} else if took < best {
				best = took
			}
		}
		verdict := "NOT_LINEARIZABLE"
		if linearizable {
			verdict = "LINEARIZABLE"
		}
		fmt.Printf("%s %s %d %d\n", filepath.Base(path), verdict, first.Nanoseconds(), best.Nanoseconds())
	}
}
