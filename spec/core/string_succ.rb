p 'az'.succ, 'zz'.succ, 'a9'.succ, 'Zz'.succ, '1.9'.succ
p 'a-9'.succ, '9'.succ, 'a.z'.succ, 'A-Z9'.succ, '<<koala>>'.succ
p '1999zzz'.succ, 'ZZZ9999'.succ, '***'.succ, ''.succ, 'b'.next
