package runtime

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"strconv"
	"sync"
	"time"

	"github.com/mcpgen/mcpgen/internal/jsontext"
)

// This file is the tasks extension of protocol 2026-07-28
// (io.modelcontextprotocol/tasks, SEP-2663): a call of a tool that may run
// long, from a client that declared the extension, becomes a task when it
// outlasts a short grace period. The client gets a CreateTaskResult at
// once and polls tasks/get for the status and, in the end, the tool's
// result; it answers the tool's questions with tasks/update and stops it
// with tasks/cancel.

// TaskSupport says whether a tool's calls may run as tasks.
type TaskSupport string

// The levels of task support.
const (
	// TaskForbidden (the zero value): calls always run to completion
	// before they are answered.
	TaskForbidden TaskSupport = ""
	// TaskOptional: a call from a client that declared the tasks
	// extension becomes a task when it outlasts TaskGrace; other clients
	// wait for the result.
	TaskOptional TaskSupport = "optional"
	// TaskRequired: as TaskOptional, and a client of protocol 2026-07-28
	// that did not declare the extension gets the error -32021.
	TaskRequired TaskSupport = "required"
)

// taskBaseKey is the context key of the context that tasks run under
// when the transport's request context ends before them (HTTP).
type taskBaseKey struct{}

// tasksExtension is the extension's identifier.
const tasksExtension = "io.modelcontextprotocol/tasks"

// TaskGrace is how long a call of a task-supporting tool may run before it
// is answered with a task: a call that ends sooner (or asks its client a
// question sooner, see ErrInputRequired) is answered like any other.
const TaskGrace = 100 * time.Millisecond

// DefaultTaskTTL is how long a task stays visible to tasks/get after it
// was created (its ttlMs), and at least as long as it runs.
const DefaultTaskTTL = time.Hour

// MaxTasks is how many tasks a Server keeps at once (running ones and
// finished ones within their ttlMs). A call that would become one more
// runs to completion on its request instead.
const MaxTasks = 10000

// taskPollInterval is the pollIntervalMs suggested to clients.
const taskPollInterval = 500

// clientHasTasks reports whether a ClientCapabilities object declares the
// tasks extension.
func clientHasTasks(raw []byte) bool {
	found := false
	if len(raw) == 0 || raw[0] != '{' {
		return false
	}
	jsontext.EachMember(raw, func(key, value []byte) {
		if string(key) == "extensions" && len(value) > 0 && value[0] == '{' {
			jsontext.EachMember(value, func(k, v []byte) {
				found = found || string(k) == tasksExtension && len(v) > 0 && v[0] == '{'
			})
		}
	})
	return found
}

// errNeedTasks is -32021 for a client that did not declare the extension.
func errNeedTasks() *rpcError {
	e := errorf(codeMissingCapability, "Missing required client capability: extension "+tasksExtension)
	e.data = []byte(`{"requiredCapabilities":{"extensions":{"` + tasksExtension + `":{}}}}`)
	return e
}

// The statuses of a task.
const (
	taskWorking       = "working"
	taskInputRequired = "input_required"
	taskCompleted     = "completed"
	taskFailed        = "failed"
	taskCancelled     = "cancelled"
)

// A task is a tool call that outlived its request.
type task struct {
	id      string
	created time.Time
	ttl     time.Duration
	// cancel ends the context of the task's tool; nil once the tool has
	// returned, so that a finished task keeps nothing of its request (the
	// context chain holds the request's values, and through them the HTTP
	// connection's state).
	cancel  context.CancelFunc
	size    int64  // what the task counts against taskStore.limit; taskStore.mu
	creator string // the identity that created it (Identity.owner), "" without one

	mu       sync.Mutex
	promoted bool // answered with a CreateTaskResult: questions now wait here
	pinned   bool // asked a question the MRTR way: the call cannot become a task
	status   string
	message  string // statusMessage: the tool's last progress report while it runs
	updated  time.Time
	result   []byte // the CallToolResult of a completed task
	errObj   []byte // the JSON-RPC error object of a failed task
	pending  map[string]*taskQuestion
	order    []string // keys of pending, in the order asked

	// changed is signalled whenever the task changes, for the replica of
	// a fleet that keeps its record in the store (fleet.keep).
	changed chan struct{}
}

// taskQuestion is a question of a task's tool that awaits tasks/update.
type taskQuestion struct {
	method string
	params []byte
	answer chan json.RawMessage
}

// DefaultMaxTaskMemory is how many bytes the tasks of a Server may hold
// by default: their results and errors, and a fixed estimate of each
// task's own state (taskOverhead). See [WithMaxTaskMemory].
const DefaultMaxTaskMemory = 256 << 20

// taskOverhead is what a task holds besides its result, as counted against
// the task memory: the task, its id and its entry in the store, measured
// by TestTaskMemoryFigures (rounded up).
const taskOverhead = 1 << 10

// WithMaxTaskMemory bounds the memory that the server's tasks hold, in
// bytes (default [DefaultMaxTaskMemory]): a finished task keeps its result
// until its ttlMs ends, and the results of all kept tasks, with a fixed
// estimate of each task's own state, stay within n. While they fill it, a
// call that would become one more task runs to completion on its request
// instead (as beyond [MaxTasks]); a task whose result does not fit fails
// with an error that says so, its result dropped. A value <= 0 restores
// the default.
func WithMaxTaskMemory(n int64) Option {
	return func(s *Server) {
		if n <= 0 {
			n = DefaultMaxTaskMemory
		}
		s.tasks.limit = n
	}
}

// taskStore holds the tasks of a Server, at most MaxTasks of them and
// within limit bytes.
type taskStore struct {
	mu    sync.Mutex
	tasks map[string]*task
	bytes int64 // the size of every task stored, as counted in task.size
	limit int64 // 0: DefaultMaxTaskMemory
}

// room makes room for n more bytes and one more task when extra is true,
// by forgetting the expired tasks if need be; it reports whether there is.
// st.mu must be held.
func (st *taskStore) room(n int64, extra bool) bool {
	limit := st.limit
	if limit <= 0 {
		limit = DefaultMaxTaskMemory
	}
	fits := func() bool {
		return st.bytes+n <= limit && (!extra || len(st.tasks) < MaxTasks)
	}
	if fits() {
		return true
	}
	now := time.Now()
	for id, old := range st.tasks {
		if old.expired(now) {
			st.bytes -= old.size
			delete(st.tasks, id)
		}
	}
	return fits()
}

// add stores t, unless the store is full; it reports whether it did.
func (st *taskStore) add(t *task) bool {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.tasks == nil {
		st.tasks = map[string]*task{}
	}
	if !st.room(taskOverhead, true) {
		return false
	}
	t.size = taskOverhead
	st.bytes += t.size
	st.tasks[t.id] = t
	return true
}

func (st *taskStore) get(id string) *task {
	st.mu.Lock()
	defer st.mu.Unlock()
	t := st.tasks[id]
	if t != nil && t.expired(time.Now()) {
		st.bytes -= t.size
		delete(st.tasks, id)
		return nil
	}
	return t
}

// errTaskMemory is the error of a task whose result does not fit in the
// task memory.
func errTaskMemory(n int) []byte {
	return []byte(`{"code":` + strconv.Itoa(codeInternalError) + `,"message":"Internal error: the task's result (` +
		strconv.Itoa(n) + ` bytes) does not fit in the server's task memory (WithMaxTaskMemory)"}`)
}

// finish records how t's call ended, as task.finish, and counts what the
// task now holds against the store's memory: a result or error that does
// not fit fails the task with errTaskMemory instead.
func (st *taskStore) finish(t *task, result, errObj []byte) {
	n := int64(len(result) + len(errObj))
	st.mu.Lock()
	if !st.room(n, false) {
		// The short error is part of the task's own state (taskOverhead).
		result, errObj = nil, errTaskMemory(int(n))
		n = 0
	}
	st.bytes += n
	t.size += n
	st.mu.Unlock()
	if !t.finish(result, errObj) {
		// Cancelled first: nothing kept.
		st.mu.Lock()
		st.bytes -= n
		t.size -= n
		st.mu.Unlock()
	}
}

func (t *task) terminal() bool {
	return t.status == taskCompleted || t.status == taskFailed || t.status == taskCancelled
}

func (t *task) expired(now time.Time) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.terminal() && now.After(t.created.Add(t.ttl)) && now.After(t.updated.Add(t.ttl))
}

func newTask() *task {
	var b [16]byte
	_, _ = rand.Read(b[:])
	now := time.Now()
	return &task{id: hex.EncodeToString(b[:]), created: now, updated: now, ttl: DefaultTaskTTL, status: taskWorking, changed: make(chan struct{}, 1)}
}

// promote makes the call a task and stores it in st, unless it is pinned
// to its request or st is full.
func (t *task) promote(st *taskStore) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.pinned || !st.add(t) {
		t.pinned = true
		return false
	}
	t.promoted = true
	return true
}

// pin keeps the call on its request (a question is being asked the MRTR
// way), unless it already is a task; it reports whether it is a task.
func (t *task) pin() (promoted bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.promoted {
		t.pinned = true
	}
	return t.promoted
}

// ask registers a question and waits for its answer from tasks/update.
func (t *task) ask(ctx context.Context, key, method string, params []byte) (json.RawMessage, error) {
	q := &taskQuestion{method: method, params: params, answer: make(chan json.RawMessage, 1)}
	t.mu.Lock()
	if t.pending == nil {
		t.pending = map[string]*taskQuestion{}
	}
	for t.pending[key] != nil {
		key += "'"
	}
	t.pending[key] = q
	t.order = append(t.order, key)
	if !t.terminal() {
		t.status, t.updated = taskInputRequired, time.Now()
	}
	t.notifyChanged()
	t.mu.Unlock()
	select {
	case a := <-q.answer:
		return a, nil
	case <-ctx.Done():
		t.mu.Lock()
		t.dropQuestion(key)
		t.mu.Unlock()
		return nil, ctx.Err()
	}
}

// dropQuestion forgets the question key; t.mu must be held.
func (t *task) dropQuestion(key string) {
	delete(t.pending, key)
	for i, k := range t.order {
		if k == key {
			t.order = append(t.order[:i], t.order[i+1:]...)
			break
		}
	}
	if len(t.pending) == 0 && t.status == taskInputRequired {
		t.status, t.updated = taskWorking, time.Now()
	}
	t.notifyChanged()
}

// update delivers the answers of tasks/update to the questions they name;
// answers to no pending question are ignored.
func (t *task) update(responses map[string]json.RawMessage) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for key, a := range responses {
		if q := t.pending[key]; q != nil {
			q.answer <- a
			t.dropQuestion(key)
		}
	}
}

// finish records how the call ended, unless the task was cancelled; it
// reports whether it did.
func (t *task) finish(result, errObj []byte) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.terminal() {
		return false
	}
	t.updated, t.message = time.Now(), ""
	defer t.notifyChanged()
	if errObj != nil {
		t.status, t.errObj = taskFailed, errObj
	} else {
		t.status, t.result = taskCompleted, result
	}
	return true
}

// ended records that the task's tool returned: its context is over and
// nothing more needs it.
func (t *task) ended() {
	t.mu.Lock()
	cancel := t.cancel
	t.cancel = nil
	t.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// cancelTask stops a task that is not over.
func (t *task) cancelTask() {
	t.mu.Lock()
	if !t.terminal() {
		t.status, t.updated, t.message = taskCancelled, time.Now(), ""
		t.notifyChanged()
	}
	t.mu.Unlock()
	t.stop()
}

// stop ends the context of the task's tool, if it still runs.
func (t *task) stop() {
	t.mu.Lock()
	cancel := t.cancel
	t.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// appendTask appends the members of the Task object, after an opening
// brace and a resultType member.
func (t *task) appendTask(b []byte) []byte {
	b = append(b, `,"taskId":"`+t.id+`","status":"`+t.status+`","createdAt":"`...)
	b = t.created.UTC().AppendFormat(b, time.RFC3339Nano)
	b = append(b, `","lastUpdatedAt":"`...)
	b = t.updated.UTC().AppendFormat(b, time.RFC3339Nano)
	b = append(b, `","ttlMs":`...)
	b = strconv.AppendInt(b, t.ttl.Milliseconds(), 10)
	b = append(b, `,"pollIntervalMs":`+strconv.Itoa(taskPollInterval)...)
	if t.message != "" {
		b = append(b, `,"statusMessage":`...)
		b = jsontext.AppendString(b, t.message)
	}
	return b
}

// isPromoted reports whether the call became a task (its request is
// answered).
func (t *task) isPromoted() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.promoted
}

// progressed records a progress report of the task's tool as its
// statusMessage: once the call is a task, its request is answered and a
// notifications/progress would reference a request that is over, so
// tasks/get is where the client sees how far the tool has come.
func (t *task) progressed(progress, total float64, message string) {
	s := strconv.FormatFloat(progress, 'g', -1, 64)
	if total > 0 {
		s += "/" + strconv.FormatFloat(total, 'g', -1, 64)
	}
	if message != "" {
		s += ": " + message
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.terminal() {
		t.message, t.updated = s, time.Now()
		t.notifyChanged()
	}
}

// createTaskResult is the answer to the call that became task t.
func (s *Server) createTaskResult(t *task) []byte {
	t.mu.Lock()
	defer t.mu.Unlock()
	b := t.appendTask([]byte(`{"resultType":"task"`))
	b = append(b, s.modernMeta...)
	return append(b, '}')
}

// detailedTask is the tasks/get result of t.
func (s *Server) detailedTask(t *task) []byte {
	t.mu.Lock()
	defer t.mu.Unlock()
	b := t.appendTask([]byte(`{"resultType":"complete"`))
	switch {
	case t.status == taskInputRequired && len(t.order) > 0:
		b = append(b, `,"inputRequests":{`...)
		for i, key := range t.order {
			if i > 0 {
				b = append(b, ',')
			}
			q := t.pending[key]
			b = jsontext.AppendString(b, key)
			b = append(b, `:{"method":"`+q.method+`","params":`...)
			b = append(b, q.params...)
			b = append(b, '}')
		}
		b = append(b, '}')
	case t.status == taskCompleted:
		b = append(b, `,"result":`...)
		b = append(b, t.result...)
	case t.status == taskFailed:
		b = append(b, `,"error":`...)
		b = append(b, t.errObj...)
	}
	b = append(b, s.modernMeta...)
	return append(b, '}')
}

// taskRequest answers tasks/get, tasks/update and tasks/cancel. A task is
// its creator's: for a caller of another identity it does not exist, and
// the answer is the one an unknown id gets.
func (s *Server) taskRequest(ctx context.Context, method string, params json.RawMessage, m *requestMeta) ([]byte, *rpcError) {
	if m == nil || !clientHasTasks(m.ClientCapabilities) {
		return nil, errNeedTasks()
	}
	var p struct {
		TaskID         *string                    `json:"taskId"`
		InputResponses map[string]json.RawMessage `json:"inputResponses"`
	}
	if e := decodeParams(params, &p); e != nil {
		return nil, e
	}
	if p.TaskID == nil {
		return nil, errorf(codeInvalidParams, "Invalid params: missing taskId")
	}
	t := s.tasks.get(*p.TaskID)
	if t == nil {
		// Another replica's task, or one that outlived its replica (none
		// for a server alone).
		return s.replicas.taskRequest(method, *p.TaskID, p.InputResponses, IdentityFrom(ctx).owner())
	}
	if t.creator != IdentityFrom(ctx).owner() {
		return nil, errUnknownTask()
	}
	switch method {
	case "tasks/get":
		return s.detailedTask(t), nil
	case "tasks/update":
		t.update(p.InputResponses)
	case "tasks/cancel":
		t.cancelTask()
	}
	return s.emptyResult[proto20260728], nil
}

// errUnknownTask answers a task request whose taskId names no task of the
// caller's.
func errUnknownTask() *rpcError {
	return errorf(codeInvalidParams, "Invalid params: unknown taskId")
}

// taskStopWait is how long Serve waits, at the end of its input, for the
// tools of the tasks it cancels to return (conn.stopTasks).
var taskStopWait = 5 * time.Second

// taskStarted records that the call of tool became task t on c; its tool
// runs on until taskEnded.
func (c *conn) taskStarted(t *task, tool string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.running == nil {
		c.running = map[*task]string{}
	}
	c.running[t] = tool
	c.taskWait.Add(1)
}

// taskEnded records that the tool of task t returned.
func (c *conn) taskEnded(t *task) {
	c.mu.Lock()
	delete(c.running, t)
	c.mu.Unlock()
	c.taskWait.Done()
}

// stopTasks cancels the tasks started on c whose tools still run, and
// waits up to wait for the tools to return. It is for a connection that
// ends (stdio: end of input), after which no client can poll them; no new
// task may start on c while it runs. A tool that ignores its context's end
// is logged and left running.
func (c *conn) stopTasks(wait time.Duration) {
	c.mu.Lock()
	running := make([]*task, 0, len(c.running))
	for t := range c.running {
		running = append(running, t)
	}
	c.mu.Unlock()
	if len(running) == 0 {
		return
	}
	for _, t := range running {
		t.cancelTask()
	}
	done := make(chan struct{})
	go func() {
		c.taskWait.Wait()
		close(done)
	}()
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case <-done:
	case <-timer.C:
		c.mu.Lock()
		defer c.mu.Unlock()
		for _, tool := range c.running {
			c.srv.logger.Warn("the tool of a cancelled task has not returned; the connection ended without it", "tool", tool, "waited", wait)
		}
	}
}

// notifyChanged tells the keeper of t, if any, that t changed.
func (t *task) notifyChanged() {
	if t.changed != nil {
		select {
		case t.changed <- struct{}{}:
		default:
		}
	}
}
