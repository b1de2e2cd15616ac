# partition and rpartition with a Regexp.
p "a1b22c".partition(/\d+/), "abc".partition(/x/), "a1b22c".rpartition(/\d+/), "abc".rpartition(/x/)
p "hello world".partition(/o/), "hello world".rpartition(/o/)
p $~
