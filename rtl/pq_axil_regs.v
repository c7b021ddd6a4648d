// AXI4-Lite slave front end shared by the pqlab accelerator cores: turns
// the five AXI4-Lite channels (AMBA AXI4-Lite, 32-bit data) into a one-cycle
// register-write strobe and a combinational register-read port. One
// outstanding transaction per direction; OKAY responses only (the cores
// ignore unknown addresses on writes and read them as zero).
`default_nettype none
module pq_axil_regs #(
    parameter ADDR_W = 8
) (
    input  wire              clk,
    input  wire              rst_n,
    // Write address / data / response channels.
    input  wire [ADDR_W-1:0] s_axil_awaddr,
    input  wire              s_axil_awvalid,
    output wire              s_axil_awready,
    input  wire [31:0]       s_axil_wdata,
    input  wire [3:0]        s_axil_wstrb,
    input  wire              s_axil_wvalid,
    output wire              s_axil_wready,
    output wire [1:0]        s_axil_bresp,
    output reg               s_axil_bvalid,
    input  wire              s_axil_bready,
    // Read address / data channels.
    input  wire [ADDR_W-1:0] s_axil_araddr,
    input  wire              s_axil_arvalid,
    output wire              s_axil_arready,
    output reg  [31:0]       s_axil_rdata,
    output wire [1:0]        s_axil_rresp,
    output reg               s_axil_rvalid,
    input  wire              s_axil_rready,
    // To the core: a write strobe (one cycle) and a read port.
    output wire              reg_we,
    output wire [ADDR_W-1:0] reg_waddr,
    output wire [31:0]       reg_wdata,
    output wire [ADDR_W-1:0] reg_raddr,
    input  wire [31:0]       reg_rdata
);
  // Address and data may arrive in either order: each is held until both
  // are present, then the write happens and the response is raised.
  reg              aw_held, w_held;
  reg [ADDR_W-1:0] aw_addr;
  reg [31:0]       w_data;

  assign s_axil_awready = !aw_held && !s_axil_bvalid;
  assign s_axil_wready  = !w_held && !s_axil_bvalid;
  assign s_axil_bresp   = 2'b00;
  assign s_axil_rresp   = 2'b00;

  wire aw_take = s_axil_awvalid && s_axil_awready;
  wire w_take  = s_axil_wvalid && s_axil_wready;
  wire have_aw = aw_held || aw_take;
  wire have_w  = w_held || w_take;

  assign reg_we    = have_aw && have_w && !s_axil_bvalid;
  assign reg_waddr = aw_held ? aw_addr : s_axil_awaddr;
  assign reg_wdata = w_held ? w_data : s_axil_wdata;

  always @(posedge clk) begin
    if (!rst_n) begin
      aw_held       <= 1'b0;
      w_held        <= 1'b0;
      s_axil_bvalid <= 1'b0;
      aw_addr       <= {ADDR_W{1'b0}};
      w_data        <= 32'd0;
    end else begin
      if (reg_we) begin
        aw_held       <= 1'b0;
        w_held        <= 1'b0;
        s_axil_bvalid <= 1'b1;
      end else begin
        if (aw_take) begin
          aw_held <= 1'b1;
          aw_addr <= s_axil_awaddr;
        end
        if (w_take) begin
          w_held <= 1'b1;
          w_data <= s_axil_wdata;
        end
        if (s_axil_bvalid && s_axil_bready) s_axil_bvalid <= 1'b0;
      end
    end
  end

  // Reads: the address is taken when no read data is pending and the data
  // is registered on the next edge.
  assign s_axil_arready = !s_axil_rvalid;
  assign reg_raddr      = s_axil_araddr;
  always @(posedge clk) begin
    if (!rst_n) begin
      s_axil_rvalid <= 1'b0;
      s_axil_rdata  <= 32'd0;
    end else if (s_axil_arvalid && s_axil_arready) begin
      s_axil_rvalid <= 1'b1;
      s_axil_rdata  <= reg_rdata;
    end else if (s_axil_rvalid && s_axil_rready) begin
      s_axil_rvalid <= 1'b0;
    end
  end

  wire unused_wstrb = ^s_axil_wstrb;  // full-word registers only
endmodule
`default_nettype wire
