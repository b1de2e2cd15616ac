p [1234.floor(-2), -1234.floor(-2), 1200.floor(-2), 1234.floor(2)]
p [1234.ceil(-2), -1234.ceil(-2), 1200.ceil(-2), 1234.ceil(2)]
p [1234.truncate(-2), -1234.truncate(-2), -1200.truncate(-2)]
p (10**20 + 7).floor(-1)
p (10**20 + 7).ceil(-1)
p (10**20).ceil(-1)
p (10**20).truncate(-1)
p (-(10**20)).truncate(-1)
p (-(10**20)).ceil(-1)
p 5.floor(-20)
