package gitrepo

import "container/list"

// objectCache keeps recently rebuilt pack objects, bounded by total size.
// Entries are shared: callers must not modify the bytes they get.
type objectCache struct {
	max, used int
	ll        *list.List
	byKey     map[cacheKey]*list.Element
}

type cacheKey struct {
	p   *pack
	off int64
}

type cached struct {
	key  cacheKey
	typ  objectType
	data []byte
}

func newObjectCache(max int) *objectCache {
	return &objectCache{max: max, ll: list.New(), byKey: map[cacheKey]*list.Element{}}
}

func (c *objectCache) get(p *pack, off int64) (*cached, bool) {
	el, ok := c.byKey[cacheKey{p, off}]
	if !ok {
		return nil, false
	}
	c.ll.MoveToFront(el)
	return el.Value.(*cached), true
}

func (c *objectCache) put(p *pack, off int64, typ objectType, data []byte) {
	if len(data) > c.max/8 {
		return
	}
	k := cacheKey{p, off}
	if _, ok := c.byKey[k]; ok {
		return
	}
	c.byKey[k] = c.ll.PushFront(&cached{k, typ, data})
	c.used += len(data)
	for c.used > c.max {
		el := c.ll.Back()
		v := el.Value.(*cached)
		c.ll.Remove(el)
		delete(c.byKey, v.key)
		c.used -= len(v.data)
	}
}
