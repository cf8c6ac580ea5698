// Command bsg is the headless command line of the Starship Battles engine:
// rulings on a table (measure), one ship's move (move) and the component
// sheet (components).
//
// Results go to stdout, diagnostics to stderr. Exit status: 0 success,
// 1 failure (such as a bad input file), 2 usage error.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// usageError marks errors in how the command was called (exit status 2).
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

// command is one subcommand: its one-line summary and its run function.
type command struct {
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) error
}

func commands() map[string]command {
	return map[string]command{
		"measure":     {"rule on every pair of ships in a table file", runMeasure},
		"move":        {"where does my ship end up? a ship and its plan in, the outcome out", runMove},
		"components":  {"print the component sheet with the source of every value", runComponents},
		"cards":       {"draw a class's maneuver deck to scale (-png, -svg) or list it", runCards},
		"odds":        {"the chances to hit and the damage of one attack roll", runOdds},
		"rules":       {"every rule of the rulebook: implemented, a judgment call or not modelled, with its code and tests", runRules},
		"sim":         {"play many battles between computer players and count the wins", runSim},
		"tournament":  {"play computer players against each other on many scenarios: win rates, Elo, objectives", runTournament},
		"replay":      {"check a saved battle's journal and print it turn by turn", runReplay},
		"scenario":    {"scenario files: list, show, validate, new, and a setup sheet for a real table", runScenario},
		"serve":       {"run the game server for network play (lobby, seats, SQLite store, signed records)", runServe},
		"host":        {"create a game on a server and print its seat links", runHost},
		"bot":         {"play a seat of a network game with a computer policy", runBot},
		"companion":   {"start a companion game at a real table: two phones, your models, dice and cup", runCompanion},
		"photo":       {"rule on a real table from a photo and marks, with error bars", runPhoto},
		"calibration": {"print the photo calibration sheet (-pdf)", runCalibration},
	}
}

var order = []string{"measure", "move", "components", "odds", "rules", "cards", "sim", "tournament", "replay", "scenario", "serve", "host", "bot", "companion", "photo", "calibration"}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run executes the command line and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cmds := commands()
	if len(args) == 0 || args[0] == "-h" || args[0] == "-help" || args[0] == "--help" || args[0] == "help" {
		printUsage(stderr, cmds)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	c, ok := cmds[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "bsg: unknown command %q\n", args[0])
		printUsage(stderr, cmds)
		return 2
	}
	err := c.run(args[1:], stdin, stdout, stderr)
	var ue usageError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "bsg %s: %s\n", args[0], err)
		return 2
	case errors.Is(err, errHelp):
		return 0
	}
	fmt.Fprintf(stderr, "%s\n", err)
	return 1
}

var errHelp = errors.New("help requested")

func printUsage(w io.Writer, cmds map[string]command) {
	fmt.Fprintln(w, "usage: bsg COMMAND [flags] [args]")
	fmt.Fprintln(w, "\ncommands:")
	for _, name := range order {
		fmt.Fprintf(w, "  %-11s %s\n", name, cmds[name].summary)
	}
	fmt.Fprintln(w, "\nRun 'bsg COMMAND -h' for the flags of a command.")
}
