// Package tests holds black-box acceptance tests: the rulebook's worked
// examples, whole command-line runs and the README's example, each driven
// only through the project's public packages and commands.
package tests
