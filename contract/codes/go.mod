module github.com/fabric-bbs/fabric-bbs/contract/codes

go 1.24.0
