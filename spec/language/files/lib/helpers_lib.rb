HELPER_CONSTANT = [self.to_s, self.class]

def shout(s)
  s.upcase + "!"
end
