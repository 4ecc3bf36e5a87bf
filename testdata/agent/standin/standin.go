// Package standin is a scripted stand-in for the Anthropic Messages API,
// for running the real Claude Code against it with no network: an HTTP
// server on the loopback interface that answers each model request with
// the next turn of a script (a tool call, or a final text) and keeps every
// request it was sent, so that a test can read what the client put in
// front of the model.
//
// It speaks what Claude Code needs: POST /v1/messages answered as a stream
// of server-sent events when the request asks for one ("stream": true)
// and as one JSON message otherwise; POST /v1/messages/count_tokens with
// a token count; anything else 404, which the client tolerates. A tool
// result comes back as the next request, and is answered by the next
// turn. A request to summarise the conversation (compaction) is answered
// with a summary outside the script, so that a script reads as the agent's
// work alone. A script that runs out ends the work with a final text.
package standin

import (
	"encoding/json"
	"io"
	"net"
	"net/http"
	"sync"
)

// Server is a running stand-in.
type Server struct {
	ln  net.Listener
	srv *http.Server

	mu       sync.Mutex
	script   []Turn
	next     int // the script's next turn
	answered int // model requests answered, for ids
	requests []Request
}

// Start starts a stand-in on 127.0.0.1, on a port the system picks.
func Start() (*Server, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s := &Server{ln: ln}
	s.srv = &http.Server{Handler: http.HandlerFunc(s.serve)}
	go s.srv.Serve(ln)
	return s, nil
}

// URL is the base URL a client takes as ANTHROPIC_BASE_URL.
func (s *Server) URL() string { return "http://" + s.ln.Addr().String() }

// Close stops the server.
func (s *Server) Close() error { return s.srv.Close() }

// Play makes script the answers to the model requests from now on, from
// its first turn.
func (s *Server) Play(script ...Turn) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.script, s.next = script, 0
}

// Requests are the requests received so far, in order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// Done is the text that ends the work when the script has run out.
const Done = "Done."

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	req := Request{Method: r.Method, Path: r.URL.Path, Body: body}
	switch {
	case r.Method == http.MethodPost && r.URL.Path == "/v1/messages":
		s.answer(w, req)
	case r.Method == http.MethodPost && r.URL.Path == "/v1/messages/count_tokens":
		s.record(req)
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"input_tokens":1}`)
	default:
		s.record(req)
		http.NotFound(w, r)
	}
}

func (s *Server) record(req Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests = append(s.requests, req)
}

// answer answers a model request with the script's next turn, or with a
// summary when the client asks for one.
func (s *Server) answer(w http.ResponseWriter, req Request) {
	var head struct {
		Model  string `json:"model"`
		Stream bool   `json:"stream"`
	}
	if err := json.Unmarshal(req.Body, &head); err != nil {
		s.record(req)
		http.Error(w, `{"type":"error","error":{"type":"invalid_request_error","message":"not JSON"}}`, http.StatusBadRequest)
		return
	}
	turn, n := s.step(&req)
	m, err := reply(turn, head.Model, n)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if !head.Stream {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(m)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	writeStream(w, m)
}

// step records req and picks its answer: a summary for a compaction, else
// the next turn of the script (Done past its end). It numbers the answer.
func (s *Server) step(req *Request) (Turn, int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.answered++
	req.Compaction = req.asksForSummary()
	turn := Say(Done)
	switch {
	case req.Compaction:
		turn = Say(Summary)
	case s.next < len(s.script):
		turn = s.script[s.next]
		s.next++
		req.Turn = s.next
	}
	s.requests = append(s.requests, *req)
	return turn, s.answered
}
