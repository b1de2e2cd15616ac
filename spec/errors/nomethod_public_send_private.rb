class Vault
  def inspect = "#<Vault>"

  private

  def code = 42
end

v = Vault.new
p v.send(:code)
v.public_send(:code)
