module github.com/fabric-bbs/fabric-bbs/contract/codes

go 1.26.3
