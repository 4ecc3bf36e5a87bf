package gitrepo

// Blob returns the content of the blob h. The slice is the caller's.
func (r *Repo) Blob(h Hash) ([]byte, error) {
	data, err := r.readObject(h, typeBlob)
	if err != nil {
		return nil, err
	}
	// Pack objects are shared with the cache; hand out a copy.
	return append([]byte(nil), data...), nil
}

// WriteBlob stores data as a blob and returns its name. Writing a blob that
// already exists writes nothing.
func (r *Repo) WriteBlob(data []byte) (Hash, error) {
	o, err := r.objects()
	if err != nil {
		return Hash{}, err
	}
	return o.write(typeBlob, data)
}
