p true & true
p true & false
p true & nil
p false & true
p true | false
p false | false
p false | nil
p false | 1
p true ^ true
p true ^ false
p false ^ true
p false ^ nil
p true.to_s
p false.to_s
p true.inspect
p false.inspect
p nil & true
p nil | 1
