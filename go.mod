module github.com/hoyle/hoyle

go 1.26

require (
	github.com/oklog/ulid/v2 v2.1.2
	github.com/stretchr/testify v1.12.1
	go.etcd.io/bbolt v1.5.0
)

require (
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	golang.org/x/sys v0.45.0 // indirect
)
