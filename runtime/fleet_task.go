package runtime

import (
	"encoding/json"
	"time"
)

// A task of a fleet runs on the replica that accepted its call, and only
// there: its tool's goroutine cannot move. What the other replicas need is
// in the store: the task's record, which its replica rewrites whenever the
// task changes; a lease, which its replica renews every third of
// Server.taskLease while the task is not over; and an end mark, which
// whoever ends the task sets first (Store.Add): the replica when the tool
// returns or a tasks/cancel reaches it, the replica that serves a
// tasks/cancel of a task it does not run, or the replica that finds the
// lease lapsed. Only the one that set the mark writes the last record, so
// the fleet agrees on how the task ended.

// taskRecord is a task's record in the store.
type taskRecord struct {
	ID      string          `json:"id"`
	Owner   string          `json:"owner"`             // the replica that runs it
	Creator string          `json:"creator,omitempty"` // the identity that created it (Identity.owner)
	Status  string          `json:"status"`
	Message string          `json:"message,omitempty"`
	Created time.Time       `json:"created"`
	Updated time.Time       `json:"updated"`
	TTL     int64           `json:"ttlMs"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   json.RawMessage `json:"error,omitempty"`
	Inputs  []recordInput   `json:"inputs,omitempty"`
}

type recordInput struct {
	Key    string          `json:"key"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
}

// lapsedError is the error of a task whose replica stopped renewing its
// lease.
const lapsedError = `{"code":-32603,"message":"Internal error: the server replica that ran this task stopped (its lease lapsed); call the tool again"}`

// lapsedMessage is that task's statusMessage.
const lapsedMessage = "the server replica that ran this task stopped"

// record returns t's record; t.mu must be held.
func (t *task) record(owner string) *taskRecord {
	r := &taskRecord{ID: t.id, Owner: owner, Creator: t.creator, Status: t.status, Message: t.message,
		Created: t.created, Updated: t.updated, TTL: t.ttl.Milliseconds(), Result: t.result, Error: t.errObj}
	for _, key := range t.order {
		q := t.pending[key]
		r.Inputs = append(r.Inputs, recordInput{Key: key, Method: q.method, Params: q.params})
	}
	return r
}

// view returns a task that shows record r (to answer tasks/get).
func (r *taskRecord) view() *task {
	t := &task{id: r.ID, creator: r.Creator, created: r.Created, updated: r.Updated, ttl: time.Duration(r.TTL) * time.Millisecond,
		status: r.Status, message: r.Message, result: r.Result, errObj: r.Error}
	for _, in := range r.Inputs {
		if t.pending == nil {
			t.pending = map[string]*taskQuestion{}
		}
		t.pending[in.Key] = &taskQuestion{method: in.Method, params: in.Params}
		t.order = append(t.order, in.Key)
	}
	return t
}

func (r *taskRecord) terminal() bool {
	return r.Status == taskCompleted || r.Status == taskFailed || r.Status == taskCancelled
}

// recordTTL is how long a record is kept: the task's ttl, and while it
// runs also the lease (a record rewritten by its replica stays).
func (f *fleet) recordTTL(r *taskRecord) time.Duration {
	ttl := time.Duration(r.TTL) * time.Millisecond
	if !r.terminal() {
		ttl += f.srv.taskLease
	}
	return max(ttl, time.Second)
}

func (f *fleet) putRecord(r *taskRecord) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	ctx, cancel := storeCtx()
	defer cancel()
	return f.st.Put(ctx, keyTask+r.ID, b, f.recordTTL(r))
}

func (f *fleet) getRecord(id string) (*taskRecord, error) {
	ctx, cancel := storeCtx()
	defer cancel()
	b, err := f.st.Get(ctx, keyTask+id)
	if err != nil || b == nil {
		return nil, err
	}
	var r taskRecord
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, err
	}
	return &r, nil
}

// promote makes the call a task, as task.promote does, after storing its
// lease and record: a task is created in the store before its client hears
// of it. When the store fails, the call stays on its request.
func (f *fleet) promote(t *task) bool {
	s := f.srv
	t.mu.Lock()
	pinned := t.pinned
	r := t.record(f.id)
	t.mu.Unlock()
	if pinned {
		return false
	}
	ctx, cancel := storeCtx()
	err := f.st.Put(ctx, keyLease+t.id, []byte(f.id), s.taskLease)
	cancel()
	if err == nil {
		err = f.putRecord(r)
	}
	if err != nil {
		s.logger.Warn("fleet: the call runs on its request, not as a task: the store failed", "error", err)
		t.mu.Lock()
		t.pinned = true
		t.mu.Unlock()
		return false
	}
	if !t.promote(&s.tasks) {
		ctx, cancel := storeCtx()
		_ = f.st.Delete(ctx, keyTask+t.id)
		_ = f.st.Delete(ctx, keyLease+t.id)
		cancel()
		return false
	}
	go f.keep(t)
	return true
}

// keep writes t's record whenever it changes and renews its lease, until
// t is over; then it ends the task in the store (see the file comment).
func (f *fleet) keep(t *task) {
	lease := f.srv.taskLease
	tick := time.NewTicker(lease / 3)
	defer tick.Stop()
	written, dirty := time.Now(), false
	for {
		t.mu.Lock()
		r := t.record(f.id)
		t.mu.Unlock()
		if r.terminal() {
			f.end(t, r)
			return
		}
		if dirty {
			if err := f.putRecord(r); err != nil {
				f.srv.logger.Warn("fleet: a task's record was not written", "task", t.id, "error", err)
			}
			written, dirty = time.Now(), false
		}
		select {
		case <-t.changed:
			dirty = true
		case <-tick.C:
			ctx, cancel := storeCtx()
			err := f.st.Put(ctx, keyLease+t.id, []byte(f.id), lease)
			var ended []byte
			if err == nil {
				ended, err = f.st.Get(ctx, keyTaskEnd+t.id)
			}
			cancel()
			switch {
			case err != nil:
				f.srv.logger.Warn("fleet: a task's lease was not renewed", "task", t.id, "error", err)
			case ended != nil:
				// Ended elsewhere (a tasks/cancel whose message was lost,
				// or a lease that lapsed while the store was away).
				f.adopt(t)
				return
			case time.Since(written) > time.Duration(r.TTL)*time.Millisecond/2:
				if f.putRecord(r) == nil {
					written = time.Now()
				}
			}
		}
	}
}

// end sets t's end mark and writes its last record r, or, when another
// replica ended the task first, takes on how that one says it ended.
func (f *fleet) end(t *task, r *taskRecord) {
	ctx, cancel := storeCtx()
	won, err := f.st.Add(ctx, keyTaskEnd+t.id, []byte(f.id), f.recordTTL(r))
	cancel()
	switch {
	case err != nil:
		// Write the record anyway: a replica that finds the lease lapsed
		// before the store is back may still fail the task.
		f.srv.logger.Warn("fleet: a task's end mark was not set", "task", t.id, "error", err)
		fallthrough
	case won:
		if err := f.putRecord(r); err != nil {
			f.srv.logger.Error("fleet: a task's last record was not written; other replicas will report it failed when its lease lapses", "task", t.id, "error", err)
		}
		ctx, cancel := storeCtx()
		_ = f.st.Delete(ctx, keyLease+t.id)
		cancel()
	default:
		f.adopt(t)
	}
}

// adopt makes t show the record of the replica that ended it, and stops
// its tool.
func (f *fleet) adopt(t *task) {
	r, err := f.getRecord(t.id)
	if err == nil && r != nil && r.terminal() {
		t.mu.Lock()
		t.status, t.message, t.updated, t.result, t.errObj = r.Status, r.Message, r.Updated, r.Result, r.Error
		t.mu.Unlock()
	}
	t.stop()
}

// lapse fails the task of record r, whose lease lapsed, unless it ended
// meanwhile; it returns the record to show.
func (f *fleet) lapse(r *taskRecord) (*taskRecord, error) {
	ctx, cancel := storeCtx()
	defer cancel()
	lease, err := f.st.Get(ctx, keyLease+r.ID)
	if err != nil || lease != nil {
		return r, err
	}
	won, err := f.st.Add(ctx, keyTaskEnd+r.ID, []byte(f.id), f.recordTTL(r))
	if err != nil {
		return nil, err
	}
	if !won {
		// Ended a moment ago: its last record is being written.
		if latest, err := f.getRecord(r.ID); err == nil && latest != nil {
			return latest, nil
		}
		return r, nil
	}
	r.Status, r.Message, r.Updated, r.Inputs = taskFailed, lapsedMessage, time.Now(), nil
	r.Error = json.RawMessage(lapsedError)
	return r, f.putRecord(r)
}

// taskRequest answers tasks/get, tasks/update and tasks/cancel for a task
// that this replica does not hold, from its record.
func (f *fleet) taskRequest(method, id string, responses map[string]json.RawMessage, caller string) ([]byte, *rpcError) {
	s := f.srv
	r, err := f.getRecord(id)
	if err != nil {
		return nil, storeError(err)
	}
	if r == nil || r.Creator != caller {
		return nil, errUnknownTask()
	}
	if !r.terminal() {
		if r, err = f.lapse(r); err != nil {
			return nil, storeError(err)
		}
	}
	switch method {
	case "tasks/get":
		return s.detailedTask(r.view()), nil
	case "tasks/update":
		if !r.terminal() {
			f.publish(topicReplica+r.Owner, &fleetMsg{Kind: msgTaskUpdate, Task: id, Responses: responses})
		}
	case "tasks/cancel":
		if r.terminal() {
			break
		}
		ctx, cancel := storeCtx()
		won, err := f.st.Add(ctx, keyTaskEnd+id, []byte(f.id), f.recordTTL(r))
		cancel()
		if err != nil {
			return nil, storeError(err)
		}
		if won {
			r.Status, r.Message, r.Updated, r.Inputs = taskCancelled, "", time.Now(), nil
			if err := f.putRecord(r); err != nil {
				return nil, storeError(err)
			}
		}
		f.publish(topicReplica+r.Owner, &fleetMsg{Kind: msgTaskCancel, Task: id})
	}
	return s.emptyResult[proto20260728], nil
}
