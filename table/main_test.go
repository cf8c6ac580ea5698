package table

import (
	"errors"
	"os"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// The table tests run inside Ebiten's loop: TestMain starts a tiny game
// whose Update runs the functions the tests hand it, so that offscreen
// images can be drawn and read. They need a display: run them under Xvfb
// (make test does).

var errDone = errors.New("tests done")

type loop struct {
	fns  chan func()
	done chan int
	code int
}

func (l *loop) Update() error {
	select {
	case f := <-l.fns:
		f()
	case c := <-l.done:
		l.code = c
		return errDone
	default:
	}
	return nil
}

func (l *loop) Draw(*ebiten.Image)         {}
func (l *loop) Layout(w, h int) (int, int) { return 64, 64 }

var theLoop = &loop{fns: make(chan func()), done: make(chan int)}

// onLoop runs f inside Ebiten's loop and waits for it.
func onLoop(f func()) {
	d := make(chan struct{})
	theLoop.fns <- func() {
		defer close(d)
		f()
	}
	<-d
}

func TestMain(m *testing.M) {
	go func() { theLoop.done <- m.Run() }()
	ebiten.SetWindowSize(64, 64)
	ebiten.SetWindowTitle("bsg table tests")
	ebiten.SetRunnableOnUnfocused(true)
	ebiten.SetTPS(ebiten.SyncWithFPS)
	ebiten.SetVsyncEnabled(false) // benchmarks run a frame per tick
	if err := ebiten.RunGame(theLoop); err != nil && !errors.Is(err, errDone) {
		panic(err)
	}
	os.Exit(theLoop.code)
}
