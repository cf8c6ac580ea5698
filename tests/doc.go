// Package tests holds black-box acceptance tests: the rulebook's worked
// examples, whole command-line runs and the console examples of the README
// and docs/, each driven only through the project's public packages and
// commands.
package tests
